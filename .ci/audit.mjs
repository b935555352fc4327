// npm audit --omit=dev: fail on any high or critical finding, report the rest. When the
// advisory endpoint cannot be reached (an offline mirror), say so loudly and carry on: no
// finding can be judged then, and the tests still have to run.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  console.warn(`npm audit: WARNING: no audit result (the advisory endpoint answered: ${(report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').pop() ?? 'nothing').slice(0, 200)})`);
  process.exit(0);
}
console.log(`npm audit --omit=dev: ${Object.entries(counts).map(([level, n]) => `${level} ${n}`).join(', ')}`);
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) console.log(`  ${v.severity}: ${name} ${v.range ?? ''}`);
process.exit(counts.high + counts.critical > 0 ? 1 : 0);
