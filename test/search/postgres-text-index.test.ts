import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import { createStore } from '../../src/store/create-store.js';
import { searchTerms } from '../../src/store/kysely/search-dialect.js';
import { postgresToTsquery, readSearchVectors, type SqlRows } from '../../src/search/postgres/load.js';
import { PostgresTextIndex } from '../../src/search/postgres/text-index.js';
import { tsqueryText } from '../../src/search/postgres/tsquery.js';
import { HARD_QUERIES, HARD_TSVECTORS } from '../helpers/hard-tsvectors.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';

// Issue 17: the in-memory index must answer exactly what PostgreSQL answers, match set and
// ts_rank_cd float4 bits, for the generated catalog and hard documents (test/helpers/hard-tsvectors.ts).
const PROJECTS = 2500;
const skip = await skipWithoutPostgres();

describe('PostgresTextIndex: match sets and ranks bit-identical to PostgreSQL', { skip }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let query: SqlRows;
  const lexized: string[] = [];
  const counting: SqlRows = async (text, values) => (lexized.push(String(values[0])), query(text, values));

  before(async () => {
    database = await createTestDatabase();
    const store = createStore({ kind: 'postgres', url: database.url });
    await store.migrate();
    let n = 0;
    await store.projects.upsert(generateCatalog(PROJECTS), Date.parse('2026-06-01T12:00:00Z'), () => `prj_t${String(++n).padStart(6, '0')}`);
    await store.close();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    query = async (text, values) => (await pool.query(text, values as unknown[])).rows;
    // docs: the catalog's vectors (doc = row number - 1), then the hard ones.
    await pool.query('CREATE TABLE docs (doc int PRIMARY KEY, search tsvector NOT NULL)');
    await pool.query('INSERT INTO docs SELECT (row_number() OVER (ORDER BY id))::int - 1, search FROM projects');
    for (const [i, expression] of HARD_TSVECTORS.entries()) await pool.query(`INSERT INTO docs VALUES (${PROJECTS + i}, ${expression})`);
  });
  after(async () => {
    await pool?.end();
    await database?.drop();
  });

  /** Every query compared with PostgreSQL over the table `docs`; returns how many the index answered. */
  async function compareAll(index: PostgresTextIndex, queries: string[]): Promise<number> {
    const mismatches: string[] = [];
    let answered = 0;
    for (const q of queries) {
      const terms = searchTerms(q);
      const tsquery = tsqueryText(terms);
      const got = await index.match(terms);
      const { rows } = await pool.query<{ doc: number; rank: number; plain: boolean }>(
        `SELECT doc, ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', search, to_tsquery('english', $1))::float8 AS rank
           FROM docs WHERE search @@ to_tsquery('english', $1) ORDER BY doc`,
        [tsquery],
      );
      if (got === undefined) {
        // Declined: only an empty tsquery (numnode = 0) or one that is not an AND of prefixes.
        const { rows: shape } = await pool.query<{ n: number; text: string }>(`SELECT numnode(to_tsquery('english', $1)) AS n, to_tsquery('english', $1)::text AS text`, [tsquery]);
        if (shape[0]!.n !== 0 && !shape[0]!.text.includes('<->')) mismatches.push(`${q}: declined ${shape[0]!.text}`);
        continue;
      }
      answered++;
      const want = new Map(rows.map((r) => [r.doc, r.rank]));
      if (got.docs.length !== want.size) mismatches.push(`${q}: ${got.docs.length} matches, PostgreSQL ${want.size}`);
      for (let i = 0; i < got.docs.length; i++) {
        const rank = want.get(got.docs[i]!);
        if (rank === undefined) mismatches.push(`${q}: doc ${got.docs[i]} matched, not in PostgreSQL`);
        else if (!Object.is(rank, got.ranks[i])) mismatches.push(`${q}: doc ${got.docs[i]} rank ${got.ranks[i]}, PostgreSQL ${rank}`);
        if (i > 0) assert.ok(got.docs[i]! > got.docs[i - 1]!, 'docs ascending');
      }
    }
    assert.deepEqual(mismatches.slice(0, 20), []);
    return answered;
  }

  async function load(index: PostgresTextIndex): Promise<void> {
    const { rows } = await pool.query<{ doc: number; search: string }>('SELECT doc, search::text AS search FROM docs');
    for (const r of rows) index.set(r.doc, r.search);
  }

  it('answers the catalog and the hard documents like PostgreSQL, and declines only what it cannot answer', async () => {
    const index = new PostgresTextIndex(postgresToTsquery(counting), { resultCacheDocs: 0 });
    await load(index);
    const answered = await compareAll(index, HARD_QUERIES);
    assert.ok(answered >= HARD_QUERIES.length - 4, `answered ${answered} of ${HARD_QUERIES.length}`);
    // Each distinct query was lexized once: the second round is served from the cache.
    const before = lexized.length;
    await compareAll(index, HARD_QUERIES.slice(0, 10));
    assert.equal(lexized.length, before);
    // prepare() lexizes ahead of match(), which then asks nothing more.
    await index.prepare(searchTerms('zebra crossing'));
    assert.equal(lexized.length, before + 1);
    assert.deepEqual(await index.match(searchTerms('zebra crossing')), { docs: new Int32Array(0), ranks: new Float64Array(0) });
    assert.equal(lexized.length, before + 1);
    // Answers cached, then served again, are the same answers.
    index.resultCacheDocs = 100_000;
    await compareAll(index, HARD_QUERIES);
    await compareAll(index, HARD_QUERIES);
  });

  it('looks a rare word up in a common word\'s decoded postings, with the same answers', async () => {
    // Any pair whose longer word has 4× the other's bytes takes the lookup here (decodeFrom 0).
    const index = new PostgresTextIndex(postgresToTsquery(query), { resultCacheDocs: 0, decodeFrom: 0 });
    await load(index);
    index.flush();
    const pairs = ['kestrel accessible', 'accessible kestrel', 'harbor built', 'maps riders', 'wcag data', 'atlas p', 'nopos support', 'alpha support', 'kest built'];
    // A prefix of several lexemes with a common one (unionLookup): `mobil` and `mobile-develop`,
    // alone or both in a document; `swift` and `swiftlint`.
    pairs.push('mobile built', 'built mobile', 'swift meeting', 'meeting swift', 'mob every');
    const before = index.typedBytes();
    await compareAll(index, pairs);
    assert.ok(index.typedBytes() > before, 'some word\'s postings were decoded and kept');
    // Served again from the kept lists, and with the other queries.
    await compareAll(index, [...pairs, ...HARD_QUERIES]);
  });

  it('folds a loaded overlay in at compact(), and leaves a few changed documents to the overlay', async () => {
    const index = new PostgresTextIndex(postgresToTsquery(query), { resultCacheDocs: 0 });
    await load(index);
    // set() folds in bulk only while the overlay is a quarter of the index: a load leaves hundreds.
    assert.ok(index.waiting > 64, `${index.waiting} waiting after the load`);
    index.compact();
    assert.equal(index.waiting, 0);
    const { rows } = await pool.query<{ doc: number; search: string }>('SELECT doc, search::text AS search FROM docs WHERE doc < 3');
    for (const r of rows) index.set(r.doc, r.search);
    index.compact();
    assert.equal(index.waiting, 3, 'three changed documents are not worth rebuilding the arena for');
    await compareAll(index, HARD_QUERIES.slice(0, 20));
  });

  it('stays exact through deletes, replacements and additions, before and after folding them in', async () => {
    // decodeFrom 0: pairs of a rare and a common word are looked up in decoded postings, deleted documents among them.
    const index = new PostgresTextIndex(postgresToTsquery(query), { decodeFrom: 0 });
    await load(index);
    index.flush();
    // Answers cached now must not be served once the documents change.
    await compareAll(index, HARD_QUERIES);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (let doc = 0; doc < 10; doc++) {
        await client.query('DELETE FROM docs WHERE doc = $1', [doc]);
        index.delete(doc);
      }
      const moved = await client.query<{ doc: number; search: string }>(
        `UPDATE docs d SET search = s.search FROM docs s WHERE s.doc = ${PROJECTS} + (d.doc % ${HARD_TSVECTORS.length}) AND d.doc BETWEEN 10 AND 40 RETURNING d.doc, d.search::text AS search`,
      );
      for (const r of moved.rows) index.set(r.doc, r.search);
      const added = await client.query<{ doc: number; search: string }>(`INSERT INTO docs SELECT doc + 100000, search FROM docs WHERE doc BETWEEN 50 AND 60 RETURNING doc, search::text AS search`);
      for (const r of added.rows) index.set(r.doc, r.search);
      // New words after the lexicon was sorted (merged into it, not re-sorted).
      const fresh = await client.query<{ doc: number; search: string }>(
        `INSERT INTO docs VALUES (200000, to_tsvector('english', 'Zebra zebras zeppelin quantum accessibility')), (200001, setweight(to_tsvector('english', 'quantum zed'), 'A')) RETURNING doc, search::text AS search`,
      );
      for (const r of fresh.rows) index.set(r.doc, r.search);
      // Deleting what was never there changes nothing.
      index.delete(999_999);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await compareAll(index, [...HARD_QUERIES, 'zeb', 'quantum', 'z', 'quantum zed']);
    index.flush();
    await compareAll(index, [...HARD_QUERIES, 'zeb', 'quantum', 'z', 'quantum zed']);
  });

  it('reads every project vector in pages, or the ones asked for', async () => {
    const all = new Map<string, string>();
    for await (const page of readSearchVectors(query, { pageSize: 333 })) for (const v of page) all.set(v.id, v.search);
    const { rows } = await pool.query<{ id: string; search: string }>('SELECT id, search::text AS search FROM projects');
    assert.equal(all.size, PROJECTS);
    for (const r of rows) assert.equal(all.get(r.id), r.search);
    const some = [rows[5]!.id, rows[7]!.id, 'prj_missing'];
    const picked = [];
    for await (const page of readSearchVectors(query, { ids: some, pageSize: 2 })) picked.push(...page.map((v) => v.id));
    assert.deepEqual(picked.sort(), [rows[5]!.id, rows[7]!.id].sort());
  });
});
