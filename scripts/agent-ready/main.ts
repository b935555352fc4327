import { pathToFileURL } from 'node:url';
import { authChecks } from './auth-checks.js';
import { Probe, runChecks, type Check, type CheckResult } from './check.js';
import { contentChecks } from './content-checks.js';
import { discoveryChecks } from './discovery-checks.js';
import { mcpChecks } from './mcp-checks.js';

/**
 * `npm run check:agent-ready -- URL`: the agent-readiness checks against any running vitrine,
 * as a pass/fail table; exits 1 when any check fails.
 */
export const ALL_CHECKS: readonly Check[] = [...discoveryChecks, ...authChecks, ...contentChecks, ...mcpChecks];

export function table(results: readonly CheckResult[]): string {
  const rows = results.map((r) => [r.ok ? 'PASS' : 'FAIL', r.name, r.spec, r.detail.replace(/\s+/g, ' ').slice(0, 100)]);
  const header = ['result', 'check', 'standard', 'detail'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const passed = results.filter((r) => r.ok).length;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '', `${passed}/${results.length} checks passed`].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const target = argv.find((arg) => !arg.startsWith('-'));
  if (!target || !/^https?:\/\//.test(target)) {
    process.stderr.write('usage: npm run check:agent-ready -- https://catalog.example\n');
    return 2;
  }
  const results = await runChecks(ALL_CHECKS, new Probe(target.replace(/\/+$/, '')));
  process.stdout.write(`${table(results)}\n`);
  return results.every((r) => r.ok) ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`check:agent-ready: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
}
