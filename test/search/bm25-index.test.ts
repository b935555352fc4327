import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { ascendingDocs, FTS_WEIGHTS, SqliteTextIndex, type FtsRow } from '../../src/search/sqlite/bm25-index.js';
import { seededRandom } from '../helpers/seeded-random.js';

// The in-memory index (issue 17) must rank exactly as projects_fts's
// bm25(projects_fts, 0, 10.0, 4.0, 1.0, 3.0, 5.0, 3.0, 3.0): the same matches, the same doubles
// (Object.is), so every tie the store breaks by published_at and id falls the same way.

const VOCAB = 'design designs designing designer accessible accessibility access maps map riders rider riding kestrel harbor harbour data live offline the a an of café cafe straße strasse école ecole 東京 大阪 😀 2020 20 v2 x'.split(' ');
const QUERIES = [['design'], ['designs'], ['designing'], ['access'], ['acc'], ['a'], ['maps', 'riders'], ['kestrel'], ['design', 'design'], ['café'], ['strasse'], ['straße'], ['東京'], ['2020'], ['2'], ['zzz'], ['the', 'data', 'live'], ['ecole', 'maps', 'design', 'rider']];

function generated(count: number, seed: number): Map<number, FtsRow> {
  const next = seededRandom(seed);
  const text = (min: number, max: number) => Array.from({ length: min + Math.floor(next() * (max - min)) }, () => VOCAB[Math.floor(next() * next() * VOCAB.length)]).join(next() > 0.5 ? ' ' : ', ');
  const docs = new Map<number, FtsRow>();
  for (let i = 1; i <= count; i++) docs.set(i * 3 + (i % 2), [text(1, 5), text(5, 30), text(20, 200), text(0, 3), text(1, 6), text(0, 3), text(1, 5)]);
  return docs;
}

describe('the in-memory bm25 index ranks as FTS5', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE projects_fts USING fts5(
    project_id UNINDEXED, title, summary, description, client, tags, services, technologies,
    tokenize = 'porter unicode61 remove_diacritics 2')`);
  const insert = db.prepare('INSERT INTO projects_fts (rowid, project_id, title, summary, description, client, tags, services, technologies) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM projects_fts WHERE rowid = ?');
  const index = new SqliteTextIndex();

  const compare = async (label: string) => {
    let matched = 0;
    for (const terms of QUERIES) {
      const match = terms.map((t) => `"${t}"*`).join(' AND ');
      const expected = db.prepare('SELECT rowid, -bm25(projects_fts, 0, 10.0, 4.0, 1.0, 3.0, 5.0, 3.0, 3.0) AS rank FROM projects_fts WHERE projects_fts MATCH ? ORDER BY rowid').all(match) as { rowid: number; rank: number }[];
      const found = (await index.match(terms))!;
      assert.ok(found !== undefined, `${label}: ${terms.join(' ')} answered`);
      const mine = Array.from(found.docs, (doc, i) => ({ rowid: doc, rank: found.ranks[i]! })).sort((a, b) => a.rowid - b.rowid);
      assert.equal(mine.length, expected.length, `${label}: ${terms.join(' ')} matches`);
      mine.forEach((m, i) => assert.ok(m.rowid === expected[i]!.rowid && Object.is(m.rank, expected[i]!.rank), `${label}: ${terms.join(' ')} row ${m.rowid}: ${m.rank} vs ${expected[i]!.rank}`));
      matched += mine.length;
      // For a page in another order: the same documents, unranked.
      const unranked = index.matchNow(terms, false)!;
      assert.deepEqual([...unranked.docs].sort((x, y) => x - y), mine.map((m) => m.rowid), `${label}: ${terms.join(' ')} unranked`);
      assert.equal(unranked.ranks.length, 0);
      // topNow (threshold.ts): the same ranks, and every match that could be among the k best.
      for (const k of [1, 10]) {
        const top = index.topNow(terms, k, (doc) => doc % 5 !== 0);
        if (top === undefined) continue;
        const admitted = mine.filter((m) => m.rowid % 5 !== 0);
        const kth = admitted.map((m) => m.rank).sort((a, b) => b - a)[Math.min(k, admitted.length) - 1];
        const answered = new Map(Array.from(top.docs, (doc, i) => [doc, top.ranks[i]!]));
        for (const m of admitted) if (m.rank >= kth! || answered.has(m.rowid)) assert.ok(Object.is(answered.get(m.rowid), m.rank), `${label}: ${terms.join(' ')} top ${k}: row ${m.rowid}`);
        assert.ok(top.docs.length <= admitted.length, `${label}: ${terms.join(' ')} top ${k} answered more than matched`);
      }
    }
    assert.ok(matched > 1000, `${label}: only ${matched} matches compared`);
  };

  it('same matches and bit-identical ranks on generated documents, after updates and deletions', async () => {
    const docs = generated(1500, 5);
    for (const [doc, row] of docs) {
      insert.run(doc, `p${doc}`, ...row);
      index.set(doc, row);
    }
    await compare('built');
    const changes = generated(400, 9);
    let i = 0;
    for (const [doc, row] of changes) {
      if (!docs.has(doc)) continue;
      remove.run(doc);
      if (i++ % 3 === 0) index.delete(doc);
      else {
        insert.run(doc, `p${doc}`, ...row);
        index.set(doc, row);
      }
    }
    await compare('changed, overlay');
    index.compact();
    await compare('changed, compacted');
    // Two documents trade texts of different lengths: their sizes change, avgdl does not.
    const [a, b] = [...docs.keys()].filter((doc) => !changes.has(doc) && docs.get(doc)!.join(' ').length > 0).slice(0, 2) as [number, number];
    const [rowA, rowB] = [docs.get(a)!, docs.get(b)!];
    assert.notEqual(rowA.join(' ').length, rowB.join(' ').length);
    for (const [doc, row] of [[a, rowB], [b, rowA]] as const) {
      remove.run(doc);
      insert.run(doc, `p${doc}`, ...row);
      index.set(doc, row);
    }
    await compare('two documents swapped');
    // A word 6,600 times in a title (weight 10): a frequency past two bytes, kept exactly.
    const long: FtsRow = [Array(6600).fill('kestrel').join(' '), 'harbor', 'data', '', 'maps', '', 'v2'];
    insert.run(99_999, 'p99999', ...long);
    index.set(99_999, long);
    await compare('one frequency above 65,535');
  });

  it('keeps word lists within its budget, and answers the same when it must build them again', () => {
    // Each word's matches are kept while the index is unchanged (issue 17): a small budget must
    // evict, and an evicted word built again must answer exactly as an index that kept it.
    const budget = { words: 4, bytes: 48 * 1024 };
    const small = new SqliteTextIndex(FTS_WEIGHTS, budget);
    const reference = new SqliteTextIndex();
    for (const [doc, row] of generated(1500, 21)) {
      small.set(doc, row);
      reference.set(doc, row);
    }
    const same = (a: { docs: Int32Array; ranks: Float64Array } | undefined, b: { docs: Int32Array; ranks: Float64Array } | undefined, label: string) => {
      assert.ok(a !== undefined && b !== undefined, label);
      const sorted = (r: { docs: Int32Array; ranks: Float64Array }) => Array.from(r.docs, (doc, i) => [doc, r.ranks[i]!] as const).sort((x, y) => x[0] - y[0]);
      assert.deepEqual(sorted(a), sorted(b), label);
    };
    let most = 0;
    for (let round = 0; round < 3; round++) {
      for (const terms of QUERIES.filter((t) => t.every((w) => /^[a-z0-9]+$/.test(w)))) {
        // Each index answers in its own scratch arrays: the two answers can be compared side by side.
        same(small.matchNow(terms), reference.matchNow(terms), `${terms.join(' ')}: all matches`);
        for (const k of [1, 10]) {
          const admits = (doc: number) => doc % 3 !== 0;
          same(small.topNow(terms, k, admits), reference.topNow(terms, k, admits), `${terms.join(' ')}: top ${k}`);
        }
        const { words, bytes } = small.kept;
        assert.ok(words <= budget.words && bytes <= budget.bytes, `${words} words, ${bytes} bytes kept`);
        most = Math.max(most, words);
      }
    }
    assert.ok(most >= 2, 'some word lists were kept');
    assert.ok(reference.kept.words > budget.words, 'the reference kept more than the small budget allows');
    small.close();
    reference.close();
  });

  it('leaves a query term FTS5 would split in several tokens to SQL', async () => {
    // U+19B0 is a letter to JS (searchTerms keeps the word whole) but a separator to unicode61's tables.
    assert.equal(await index.match(['a\u19b0b']), undefined);
    index.close();
  });
});

describe('ascendingDocs', () => {
  it('lists the touched documents ascending, whether few, many or already in order', () => {
    const next = seededRandom(11);
    for (const [size, hits] of [[1000, 5], [1000, 100], [1000, 124], [1000, 125], [1000, 700], [1000, 1000], [64, 1], [1, 1]] as const) {
      const chosen = new Set<number>();
      while (chosen.size < hits) chosen.add(Math.floor(next() * size));
      const expected = [...chosen].sort((a, b) => a - b);
      const freq = new Int32Array(size);
      for (const doc of expected) freq[doc] = 1 + Math.floor(next() * 5);
      // Touched term after term (a prefix's): two interleaved ascending runs; or one run.
      const odd = expected.filter((_, i) => i % 2 === 1);
      for (const touched of [[...expected.filter((_, i) => i % 2 === 0), ...odd], expected]) {
        const room = Int32Array.from([...touched, 7, 7]);
        assert.deepEqual(Array.from(ascendingDocs(room, hits, freq)), expected, `${hits} of ${size}`);
      }
    }
  });
});
