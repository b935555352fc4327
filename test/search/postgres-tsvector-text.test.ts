import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { formatTsvector, parseTsvector } from '../../src/search/postgres/tsvector-text.js';
import { parsePrefixAnd } from '../../src/search/postgres/tsquery.js';
import { HARD_TSVECTORS } from '../helpers/hard-tsvectors.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';

// The in-memory PostgreSQL index (issue 17) reads what PostgreSQL prints: a tsvector's text and a
// tsquery's text. Both parsers are checked against the real server's output.
const skip = await skipWithoutPostgres();

describe('tsvector and tsquery text as PostgreSQL prints them', { skip }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  before(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await database?.drop();
  });

  it('round-trips every printed tsvector: parse, print again, and PostgreSQL reads it back unchanged', async () => {
    const texts: string[] = [];
    for (const expression of HARD_TSVECTORS) texts.push((await client.query<{ t: string }>(`SELECT (${expression})::text AS t`)).rows[0]!.t);
    const quoted = await client.query<{ t: string }>('SELECT $1::tsvector::text AS t', [String.raw`'it''s':1A 'b\\c':2,3B 'plain' 'x':7C,8D`]);
    texts.push(quoted.rows[0]!.t);
    assert.ok(texts.some((t) => t.includes("''")) && texts.some((t) => t.includes('\\\\')), 'escaped quotes and backslashes are covered');
    for (const text of texts) {
      const parsed = parseTsvector(text);
      assert.equal(formatTsvector(parsed), text);
      const back = await client.query<{ t: string }>('SELECT $1::tsvector::text AS t', [formatTsvector(parsed)]);
      assert.equal(back.rows[0]!.t, text);
    }
    const v = parseTsvector(quoted.rows[0]!.t);
    assert.deepEqual(v.lexemes, ['b\\c', "it's", 'plain', 'x']);
    assert.deepEqual([...v.ends], [2, 3, 3, 5]);
    // WordEntryPos: weight << 14 | position (A = 3, B = 2, C = 1, D = 0).
    assert.deepEqual([...v.positions], [2, (2 << 14) | 3, (3 << 14) | 1, (1 << 14) | 7, 8]);
  });

  it('rejects text that is not a tsvector', () => {
    for (const bad of ["'a':0", "'a", 'a:1', "'a':1X", "'a':1,", "'a':16384"]) assert.throws(() => parseTsvector(bad), /not a tsvector/, bad);
  });

  it('takes only a plain AND of prefix lexemes from to_tsquery', async () => {
    const cases: [string, string[] | undefined][] = [
      ['accessibility:* & riders:*', ['access', 'rider']],
      ['the:* & running:*', ['run']],
      ['runs:* & running:*', ['run', 'run']],
      ['the:* & a:*', undefined], // only stop words: numnode = 0, SQL's 'simple' branch answers
      ['café:*', ['café']],
      ['foo-bar:*', undefined], // one term lexized into several items
    ];
    for (const [input, want] of cases) {
      const { rows } = await client.query<{ q: string }>(`SELECT to_tsquery('english', $1)::text AS q`, [input]);
      assert.deepEqual(parsePrefixAnd(rows[0]!.q), want, `${input} → ${rows[0]!.q}`);
    }
    for (const text of ["'a' & 'b':*", "'a':* | 'b':*", "!'a':*", "'a':*A", "'a':* <-> 'b':*", "( 'a':* & 'b':* )"]) assert.equal(parsePrefixAnd(text), undefined, text);
  });
});
