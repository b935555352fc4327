/**
 * Run by heap-growth.test.ts in a process of its own: applies limitHeapGrowth(percent from
 * argv[2]), keeps ~110 MB live, churns garbage through the old generation argv[3] times (a ring
 * of entries replaced oldest first, as the answer caches evict) and prints, as JSON, whether the
 * flag was set and the largest the old space grew.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { limitHeapGrowth } from '../../src/lib/heap-growth.js';

const set = limitHeapGrowth(Number(process.argv[2]));
const oldSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_size;
const live: { i: number; s: string }[] = [];
for (let i = 0; i < 400_000; i++) live.push({ i, s: `${'x'.repeat(40)}${i}` });
const ring: unknown[] = new Array(50_000);
let peak = 0;
const rounds = Number(process.argv[3]);
for (let i = 0; i < rounds; i++) {
  ring[i % ring.length] = { i, s: `${'y'.repeat(60)}${i}`, a: [i, i + 1] };
  if (i % 10_000 === 0) peak = Math.max(peak, oldSpace());
}
process.stdout.write(JSON.stringify({ set, peak, live: live.length }));
