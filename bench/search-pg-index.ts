/**
 * The in-memory PostgreSQL text index of issue 17 (src/search/postgres/) against PostgreSQL's own
 * ranking of the same vectors: BENCH_PG_INDEX_DOCS (100000) generated projects' tsvectors
 * (postgresSearch's weighting) in a throwaway database, loaded into the index; then p50/p99 of
 * match() and of `SELECT … ts_rank_cd(…) … WHERE search @@ …` for the search bench's queries,
 * and the memory the index holds. Standalone: `npx tsx bench/search-pg-index.ts`.
 */
import pg from 'pg';
import { createTestDatabase } from '../test/helpers/postgres.js';
import { generateCatalog } from './lib/catalog-fixture.js';
import { collectGarbage } from './lib/collect-garbage.js';
import { SEARCH_QUERIES } from './lib/search.js';
import { searchTerms } from '../src/store/kysely/search-dialect.js';
import { postgresToTsquery, type SqlRows } from '../src/search/postgres/load.js';
import { PostgresTextIndex } from '../src/search/postgres/text-index.js';
import { tsqueryText } from '../src/search/postgres/tsquery.js';

const DOCS = Number(process.env.BENCH_PG_INDEX_DOCS ?? 100_000);
const CALLS = Number(process.env.BENCH_PG_INDEX_CALLS ?? 40);
const SQL_CALLS = Number(process.env.BENCH_PG_INDEX_SQL_CALLS ?? 10);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(calls: number, run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The generated catalog's vectors into `docs`, in slices (the catalog is garbage afterwards). */
async function importVectors(): Promise<void> {
  const all = generateCatalog(DOCS);
  for (let i = 0; i < all.length; i += 5000) {
    const slice = all.slice(i, i + 5000);
    // The same vector as postgresSearch.index() (src/store/postgres/search.ts) builds.
    await pool.query(
      `INSERT INTO docs SELECT d, setweight(to_tsvector('english', t), 'A') || setweight(to_tsvector('english', g || ' ' || c), 'B') ||
         setweight(to_tsvector('english', s || ' ' || v || ' ' || k), 'C') || setweight(to_tsvector('english', x), 'D')
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS u(d, t, g, c, s, v, k, x)`,
      [slice.map((_, j) => i + j), slice.map((p) => p.title), slice.map((p) => p.tags.join(' ')), slice.map((p) => p.client ?? ''), slice.map((p) => p.summary), slice.map((p) => p.services.join(' ')), slice.map((p) => p.technologies.join(' ')), slice.map((p) => p.description)],
    );
}
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const database = await createTestDatabase();
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
const query: SqlRows = async (text, values) => (await pool.query(text, values as unknown[])).rows;
try {
  let started = performance.now();
  await pool.query('CREATE TABLE docs (doc int PRIMARY KEY, search tsvector NOT NULL)');
  await importVectors();
  await pool.query('CREATE INDEX ON docs USING GIN (search)');
  await pool.query('VACUUM ANALYZE docs');
  const stats = (await pool.query<{ lexemes: number; positions: number }>(`SELECT avg(length(search))::float8 AS lexemes, avg(array_length(regexp_split_to_array(search::text, '[ ,]'), 1))::float8 AS positions FROM docs`)).rows[0]!;
  console.log(`search-pg-index: ${DOCS} generated vectors (${stats.lexemes.toFixed(0)} lexemes, ~${stats.positions.toFixed(0)} positions each) in PostgreSQL: ${((performance.now() - started) / 1000).toFixed(0)} s`);

  await pool.query('SELECT 1');
  collectGarbage();
  const before = process.memoryUsage();
  started = performance.now();
  const index = new PostgresTextIndex(postgresToTsquery(query));
  for (let after = -1; ; ) {
    const { rows } = await pool.query<{ doc: number; search: string }>('SELECT doc, search::text AS search FROM docs WHERE doc > $1 ORDER BY doc LIMIT 2000', [after]);
    for (const r of rows) index.set(r.doc, r.search);
    if (rows.length < 2000) break;
    after = rows[rows.length - 1]!.doc;
  }
  index.flush();
  const loadSeconds = (performance.now() - started) / 1000;
  for (let i = 0; i < 3; i++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const held = process.memoryUsage();
  console.log(
    `load (read search::text in pages of 2,000, parse, build): ${loadSeconds.toFixed(1)} s; index memory after GC: heap +${mb(held.heapUsed - before.heapUsed)}, array buffers +${mb(held.arrayBuffers - before.arrayBuffers)}, RSS +${mb(held.rss - before.rss)} (RSS ${mb(held.rss)}); typed arrays ${mb(index.typedBytes())}`,
  );

  console.log(`| query | matches | first match() ms (lexize, sort lexicon) | match() p50 / p99 ms | cached answer p50 / p99 ms | PostgreSQL ts_rank_cd p50 / p99 ms |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [label, q] of [...SEARCH_QUERIES, ['one-letter prefix', 'p'] as [string, string]]) {
    const terms = searchTerms(q);
    const t = performance.now();
    const first = await index.match(terms);
    const firstMs = performance.now() - t;
    index.resultCacheDocs = 0;
    const cold = await timed(CALLS, () => index.match(terms));
    index.resultCacheDocs = 500_000;
    await index.match(terms);
    const warm = await timed(CALLS, () => index.match(terms));
    const sql = `SELECT doc, ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', search, to_tsquery('english', $1)) AS rank FROM docs WHERE search @@ to_tsquery('english', $1)`;
    const { rows } = await pool.query(sql, [tsqueryText(terms)]);
    if (first === undefined || first.docs.length !== rows.length) throw new Error(`${q}: the index answered ${first?.docs.length}, PostgreSQL ${rows.length}`);
    const theirs = await timed(SQL_CALLS, () => pool.query(sql, [tsqueryText(terms)]));
    console.log(`| ${label} ("${q}") | ${rows.length} | ${firstMs.toFixed(1)} | ${cold.p50.toFixed(2)} / ${cold.p99.toFixed(2)} | ${warm.p50.toFixed(2)} / ${warm.p99.toFixed(2)} | ${theirs.p50.toFixed(1)} / ${theirs.p99.toFixed(1)} |`);
  }
} finally {
  await pool.end();
  await database.drop();
}
