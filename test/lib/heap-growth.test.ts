import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { limitHeapGrowth } from '../../src/lib/heap-growth.js';

const churn = fileURLToPath(new URL('./heap-churn.ts', import.meta.url));

/** heap-churn.ts in a fresh node process: whether it set the flag, and the old space's peak in bytes. */
function run(percent: number, rounds: number, nodeArgs: string[] = []): { set: boolean; peak: number } {
  return JSON.parse(execFileSync(process.execPath, [...nodeArgs, '--import', 'tsx', churn, String(percent), String(rounds)], { encoding: 'utf8' })) as { set: boolean; peak: number };
}

describe('limitHeapGrowth (HEAP_GROWTH_PERCENT)', () => {
  it('keeps the old generation within twice what is live where V8 alone lets it grow further', () => {
    const own = run(0, 1_000_000);
    const limited = run(100, 1_000_000);
    assert.equal(own.set, false);
    assert.equal(limited.set, true);
    // ~110 MB stay live; at 1 + 100/100 the old space peaks near twice that (~240 MB here),
    // where V8's own factor (up to 4× on a machine with memory to spare) let it reach ~410 MB in
    // the same churn. setFlagsFromString ignores a flag V8 no longer knows without a word: this
    // is what would notice.
    assert.ok(limited.peak < 0.75 * own.peak, `old space peaked at ${limited.peak} bytes limited, ${own.peak} bytes by V8's own choice`);
    assert.ok(limited.peak < 300 * 2 ** 20, `old space peaked at ${limited.peak} bytes`);
  });

  it("leaves a --heap-growing-percent node was started with alone, and 0 means V8's own choice", () => {
    assert.equal(run(100, 1, ['--heap-growing-percent=300']).set, false);
    assert.equal(limitHeapGrowth(0), false);
    assert.equal(limitHeapGrowth(100, ['--heap_growing_percent=50']), false);
  });
});
