/**
 * `npm run bench -- --search`: full-text search on a large catalog, in SQLite and in
 * PostgreSQL, timed at the store (no HTTP, no response cache): p50/p99 over distinct calls (each
 * a different page size, so nothing could be served from a cache) for a common word, a rare word,
 * two words and a word that matches nothing. BENCH_SEARCH_PROJECTS (100000), BENCH_SEARCH_CALLS
 * (40 per query), BENCH_SEARCH_DIALECTS (sqlite,postgres); PostgreSQL is TEST_DATABASE_URL's
 * server (a throwaway database), as in the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore } from '../../src/store/create-store.js';
import type { Store } from '../../src/store/ports/index.js';
import { createTestDatabase } from '../../test/helpers/postgres.js';
import { generateCatalog } from './catalog-fixture.js';

const PROJECTS = Number(process.env.BENCH_SEARCH_PROJECTS ?? 100_000);
const CALLS = Number(process.env.BENCH_SEARCH_CALLS ?? 40);
const DIALECTS = (process.env.BENCH_SEARCH_DIALECTS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
export const SEARCH_QUERIES: [string, string][] = [
  ['common word', 'accessibility'],
  ['rare word', 'kestrel'],
  ['two words', 'maps riders'],
  ['no match', 'zzzqx'],
];
const GOAL = { p50: 5, p99: 20 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function importCatalog(store: Store): Promise<void> {
  await store.migrate();
  const all = generateCatalog(PROJECTS);
  let n = 0;
  // In slices: one transaction per 5,000 projects keeps PostgreSQL's transaction small.
  for (let i = 0; i < all.length; i += 5000) await store.projects.upsert(all.slice(i, i + 5000), Date.parse('2026-06-01T12:00:00Z'), () => `prj_bench${String(++n).padStart(6, '0')}`);
}

export async function searchBench(): Promise<boolean> {
  let ok = true;
  console.log(`\nsearch: ${PROJECTS} generated projects, ${CALLS} distinct calls per query, timed at the store; goal p50 < ${GOAL.p50} ms, p99 < ${GOAL.p99} ms`);
  console.log('| dialect | query | matches | p50 ms | p99 ms | goal |');
  console.log('|---|---|---:|---:|---:|---|');
  for (const dialect of DIALECTS) {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-search-'));
    const pgdb = dialect === 'postgres' ? await createTestDatabase() : undefined;
    const store = createStore(pgdb ? { kind: 'postgres', url: pgdb.url } : { kind: 'sqlite', path: join(dir, 'search.db') });
    try {
      const started = performance.now();
      await importCatalog(store);
      console.log(`| ${dialect} | (import: ${((performance.now() - started) / 1000).toFixed(0)} s) | | | | |`);
      const warming = performance.now();
      await store.projects.warm?.();
      console.log(`| ${dialect} | (in-memory index: ${((performance.now() - warming) / 1000).toFixed(1)} s, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB) | | | | |`);
      for (const [label, q] of SEARCH_QUERIES) {
        const times: number[] = [];
        let matches = 0;
        await store.projects.list({ q, sort: 'relevance', limit: 20 });
        for (let i = 0; i < CALLS; i++) {
          const t = performance.now();
          const page = await store.projects.list({ q, sort: 'relevance', limit: 1 + (i % 50) });
          times.push(performance.now() - t);
          matches = Math.max(matches, page.items.length);
        }
        times.sort((a, b) => a - b);
        const p50 = percentile(times, 50);
        const p99 = percentile(times, 99);
        const met = p50 < GOAL.p50 && p99 < GOAL.p99;
        ok &&= met;
        console.log(`| ${dialect} | ${label} ("${q}") | ${matches === 0 ? '0' : '≥1'} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${met ? 'met' : 'NOT met'} |`);
      }
    } finally {
      await store.close();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return ok;
}
