import { parseArgs } from 'node:util';
import { runSoak, type SoakSample } from './run-soak.js';

/**
 * `npm run soak -- --minutes 10 [--interval 30] [--concurrency 4] [--max-growth-mb 64]`: mixed
 * traffic for N minutes; prints RSS, heap, event-loop delay, client p99 and errors every
 * interval, then a verdict; exits 1 on any 5xx or hang or RSS growth past the bound.
 */
const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, interval: { type: 'string', default: '30' }, concurrency: { type: 'string', default: '4' }, 'max-growth-mb': { type: 'string', default: '64' } } });
const row = (s: SoakSample) => `${String(s.atS).padStart(5)} s  ${String(s.requests).padStart(8)} req  RSS ${s.rssMb.toFixed(0).padStart(4)} MB  heap ${s.heapMb.toFixed(0).padStart(4)} MB  loop p99 ${s.loopP99Ms.toFixed(1).padStart(6)} ms  client p99 ${s.p99Ms.toFixed(1).padStart(7)} ms  errors ${s.errors}`;
console.log(`soak: ${values.minutes} min of mixed traffic (reads, searches, tokens, inquiries, MCP, pages), a sample every ${values.interval} s`);
const result = await runSoak({ durationMs: Number(values.minutes) * 60_000, intervalMs: Number(values.interval) * 1000, concurrency: Number(values.concurrency), maxGrowthMb: Number(values['max-growth-mb']), report: (s) => console.log(row(s)) });
console.log(result.verdict);
process.exit(result.ok ? 0 : 1);
