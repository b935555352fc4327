import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runSoak } from './run-soak.js';

/** The bounded soak `npm test` runs (the long one: `npm run soak -- --minutes 10`). */
// 20 s cannot tell a growth trend from caches filling and a lazy GC (seen: +20 to +85 MB on a loaded
// 2-core machine); the bound here catches a runaway, the 10-minute run's verdict is the trend.
test('20 s of mixed traffic: no 5xx, no hang, RSS growth after warm-up within 128 MB', { timeout: 90_000 }, async () => {
  const result = await runSoak({ durationMs: 20_000, intervalMs: 5_000, maxGrowthMb: 128, report: (s) => console.log(`soak ${s.atS} s: ${s.requests} requests, RSS ${s.rssMb.toFixed(0)} MB, heap ${s.heapMb.toFixed(0)} MB, loop p99 ${s.loopP99Ms.toFixed(1)} ms, client p99 ${s.p99Ms.toFixed(1)} ms, ${s.errors} errors`) });
  console.log(`fault: none (soak); ${result.verdict}`);
  assert.ok(result.samples.length >= 3, 'sampled the server over time');
  assert.ok(result.requests > 100, 'traffic flowed');
  assert.equal(result.fiveXx, 0);
  assert.equal(result.hangs, 0);
  assert.ok(result.rssGrowthMb <= 128, result.verdict);
});

test('the soak verdict reads a trend: a plateau after warm-up passes, a steady climb fails', async () => {
  const { trendMb } = await import('./run-soak.js');
  const plateau = [267, 389, 398, 380, 390, 401, 317, 398, 405, 396, 399, 400];
  const climb = [250, 270, 290, 310, 330, 350, 370, 390, 410, 430, 450, 470];
  assert.ok(trendMb(plateau) < 20, `plateau: ${trendMb(plateau)}`);
  assert.ok(trendMb(climb) > 64, `climb: ${trendMb(climb)}`);
});
