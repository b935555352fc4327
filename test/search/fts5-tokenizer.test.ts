import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Fts5Tokenizer } from '../../src/search/sqlite/fts5-tokenizer.js';
import { porterStem } from '../../src/search/sqlite/porter.js';
import { seededRandom } from '../helpers/seeded-random.js';

// The in-memory index (issue 17) must tokenize exactly as projects_fts does:
// `porter unicode61 remove_diacritics 2`. SQLite itself is the reference.

const ROOTS = 'access design build ship rate cease roll hop tan fall hiss fizz fail file happy sky relate condition valence hesitate digit conform radical differ vile analog operate feud decide hope call form sense triple electric good revive allow infer airline gyroscope adjust defend irritate replace depend adopt homolog commune active angular effect bowdler probe agree plaster bleed motor sing conflate trouble size generalize biology nation general sensible care pony tie cat feed predicate'.split(' ');
const SUFFIXES = ['', 's', 'es', 'ed', 'ing', 'er', 'ers', 'ly', 'ness', 'ful', 'fulness', 'ity', 'ities', 'ation', 'ations', 'ational', 'tional', 'ize', 'izer', 'ization', 'ism', 'alism', 'ive', 'iveness', 'ous', 'ousness', 'ousli', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ence', 'ance', 'enci', 'anci', 'al', 'alli', 'entli', 'eli', 'bli', 'logi', 'ic', 'ical', 'icate', 'iciti', 'ative', 'alize', 'aliti', 'iviti', 'biliti', 'ion', 'ou', 'ate', 'iti', 'y', 'ies', 'sses', 'eed', 'e', 'll', 'at', 'bl', 'iz'];

/** A big word list: roots × suffixes, pseudo-random letter strings, and the system's dictionary if any. */
function words(): string[] {
  const list = ROOTS.flatMap((root) => SUFFIXES.map((s) => root + s));
  const next = seededRandom(17);
  const letters = 'aeiouybcdfghjklmnpqrstvwxzsseeddiinngg';
  for (let i = 0; i < 20_000; i++) list.push(Array.from({ length: 1 + Math.floor(next() * 14) }, () => letters[Math.floor(next() * letters.length)]).join(''));
  for (let i = 0; i < 500; i++) list.push('x'.repeat(60 + (i % 10)) + 'ing', String(i * 7919));
  if (existsSync('/usr/share/dict/words')) list.push(...readFileSync('/usr/share/dict/words', 'utf8').split('\n').filter((w) => /^[A-Za-z]+$/.test(w)));
  return list.map((w) => w.toLowerCase());
}

describe('FTS5 tokenizer in JS (porter unicode61 remove_diacritics 2)', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'porter unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')`);

  it('stems every word of a big word list as FTS5 does', () => {
    const list = words();
    const insert = db.prepare('INSERT INTO t (rowid, a) VALUES (?, ?)');
    db.transaction(() => list.forEach((w, i) => insert.run(i + 1, w)))();
    const rows = db.prepare('SELECT term, doc FROM v').all() as { term: string; doc: number }[];
    assert.equal(rows.length, list.length);
    const wrong = rows.filter((r) => porterStem(list[r.doc - 1]!) !== r.term).map((r) => `${list[r.doc - 1]} → ${r.term}, not ${porterStem(list[r.doc - 1]!)}`);
    assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${list.length} words stemmed differently`);
    assert.ok(list.length > 20_000);
    db.exec('DELETE FROM t');
  });

  it('splits and folds text, ASCII or not, into the tokens and counts FTS5 stores', () => {
    const tokenizer = new Fts5Tokenizer(2);
    const ascii = Array.from({ length: 126 }, (_, i) => String.fromCharCode(i + 1)).join('x');
    const texts = [
      [`Designs, DESIGNING & re-designed: ${ascii}`, 'snake_case kebab-case dot.ted 3.14 v2'],
      ['Café Straße Ærøskøbing ÉCOLE ﬁne', '東京タワー 😀 emoji Ⅻ ½ ǅ'],
      ['', 'a'],
    ];
    for (const [a, b] of texts) {
      db.prepare('INSERT INTO t (rowid, a) VALUES (1, ?)').run(`${a}`);
      const expected = db.prepare('SELECT term FROM v ORDER BY "offset"').pluck().all() as string[];
      db.exec('DELETE FROM t');
      const { counts, size } = tokenizer.document([a!, b!], [1, 1000]);
      const mine = [...counts].flatMap(([term, f]) => Array<string>(f % 1000).fill(term)).sort();
      assert.deepEqual(mine, [...expected].sort(), a);
      const inB = [...counts.values()].reduce((sum, f) => sum + Math.floor(f / 1000), 0);
      assert.equal(size, expected.length + inB);
    }
    // A query term is one token, or undefined when FTS5 would make it several (or none).
    assert.equal(tokenizer.queryToken('designing'), 'design');
    assert.equal(tokenizer.queryToken('straße'), 'straß');
    assert.equal(tokenizer.queryToken('école'), 'ecol');
    assert.equal(tokenizer.queryToken('東京'), '東京');
    tokenizer.close();
  });
});
