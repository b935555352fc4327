import { parseArgs } from 'node:util';
import { startFuzzTarget } from './fuzz-server.js';
import { runFuzz } from './run-fuzz.js';

/**
 * `npm run fuzz -- --requests 100000 [--seed 15] [--concurrency 8]`: the long fuzz run. Prints
 * counts by status and RSS as it goes, then every failure; exits 1 if there was any.
 */
const { values } = parseArgs({ options: { requests: { type: 'string', default: '100000' }, seed: { type: 'string', default: String(Date.now() % 1_000_000) }, concurrency: { type: 'string', default: '8' } } });
const requests = Number(values.requests);
const seed = Number(values.seed);
const counts = (byStatus: Map<string, number>) => [...byStatus].sort().map(([s, n]) => `${s}: ${n}`).join(', ');
const mb = () => (process.memoryUsage().rss / 1e6).toFixed(0);

const target = await startFuzzTarget();
console.log(`fuzzing ${target.baseUrl} with ${requests} requests, seed ${seed} (repeat with --seed ${seed}); RSS ${mb()} MB`);
const result = await runFuzz({
  baseUrl: target.baseUrl,
  requests,
  seed,
  concurrency: Number(values.concurrency),
  progress: { every: Math.max(1000, Math.floor(requests / 20)), report: (done, byStatus) => console.log(`${done} requests; RSS ${mb()} MB; ${counts(byStatus)}`) },
});
await target.close();
console.log(`done: ${requests} requests; by status ${counts(result.byStatus)}; RSS ${mb()} MB; ${result.failureCount} failures`);
for (const failure of result.failures) console.log(`  - ${failure}`);
process.exit(result.failureCount === 0 ? 0 : 1);
