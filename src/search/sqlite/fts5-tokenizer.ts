import Database from 'better-sqlite3';
import { porterStem } from './porter.js';

/**
 * `tokenize = 'porter unicode61 remove_diacritics 2'` (src/store/sqlite/migrations.ts) outside
 * the database, for the in-memory search index (issue 17). ASCII text is tokenized here: for it
 * unicode61 keeps runs of [A-Za-z0-9] and folds them to lower case, and porter.ts stems them as
 * FTS5 does; tokenizing in JS cost 35–70 µs of CPU per generated project against ~400 µs
 * through SQLite (insert, read fts5vocab, delete), measured on this machine (issue 17).
 * Anything else (accents, ß, CJK, …: unicode61's own case folding and diacritics tables) is
 * tokenized by SQLite itself: an in-memory FTS5 table with the same tokenizer, read back through
 * fts5vocab. test/search/fts5-tokenizer.test.ts compares both with SQLite on a large word list.
 */

/** A document's tokens: each distinct term with its column-weighted count, and its size in tokens. */
export interface Tokens {
  /** term → Σ over its occurrences of its column's weight */
  readonly counts: Map<string, number>;
  /** every token of every column (FTS5's xColumnSize(-1)) */
  readonly size: number;
}

// FTS5_MAX_TOKEN_SIZE (fts5Int.h): longer tokens are indexed truncated.
const MAX_TOKEN_BYTES = 32768;
const ASCII = /^[\x01-\x7f]*$/;
const TOKEN = /[a-z0-9]+/g;
const STEM_CACHE_LIMIT = 200_000;

export class Fts5Tokenizer {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly vocab: Database.Statement;
  private readonly clear: Database.Statement;
  private readonly ln: Database.Statement;
  private readonly stems = new Map<string, string>();
  private readonly logs = new Map<number, number>();

  constructor(private readonly columns: number) {
    this.db = new Database(':memory:');
    const names = Array.from({ length: columns }, (_, i) => `c${i}`);
    this.db.exec(`CREATE VIRTUAL TABLE t USING fts5(${names.join(', ')}, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')`);
    this.insert = this.db.prepare(`INSERT INTO t (rowid, ${names.join(', ')}) VALUES (1, ${names.map(() => '?').join(', ')})`);
    this.vocab = this.db.prepare(`SELECT term, col FROM v ORDER BY col, "offset"`);
    this.clear = this.db.prepare('DELETE FROM t');
    this.ln = this.db.prepare('SELECT ln(?) AS y').pluck();
  }

  /** The tokens of one row whose columns hold `texts`, each counting its column's weight. */
  document(texts: readonly string[], weights: readonly number[]): Tokens {
    return texts.every((t) => ASCII.test(t)) ? this.ascii(texts, weights) : this.bySqlite(texts, weights);
  }

  /** The one token a query term stands for, or undefined when it is not exactly one token. */
  queryToken(term: string): string | undefined {
    if (/^[a-z0-9]+$/.test(term)) return this.stem(term);
    const tokens = this.bySqlite([term, ...Array<string>(this.columns - 1).fill('')], Array<number>(this.columns).fill(1));
    if (tokens.size !== 1) return undefined;
    return tokens.counts.keys().next().value;
  }

  /**
   * Natural logarithm by the C library SQLite itself calls (SQLite's ln() is libm's log(), as is
   * fts5_aux.c's): V8's Math.log may differ in the last bit, and ranks must be bit-identical.
   */
  log(x: number): number {
    let y = this.logs.get(x);
    if (y === undefined) {
      y = this.ln.get(x) as number;
      if (this.logs.size >= 10_000) this.logs.clear();
      this.logs.set(x, y);
    }
    return y;
  }

  close(): void {
    this.db.close();
  }

  private stem(token: string): string {
    let stem = this.stems.get(token);
    if (stem === undefined) {
      stem = porterStem(token);
      if (token.length > MAX_TOKEN_BYTES) stem = stem.slice(0, MAX_TOKEN_BYTES);
      if (this.stems.size >= STEM_CACHE_LIMIT) this.stems.clear();
      this.stems.set(token, stem);
    }
    return stem;
  }

  private ascii(texts: readonly string[], weights: readonly number[]): Tokens {
    const counts = new Map<string, number>();
    let size = 0;
    for (let col = 0; col < texts.length; col++) {
      const text = texts[col]!.toLowerCase();
      const weight = weights[col]!;
      TOKEN.lastIndex = 0;
      for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
        const term = this.stem(match[0]);
        counts.set(term, (counts.get(term) ?? 0) + weight);
        size += 1;
      }
    }
    return { counts, size };
  }

  private bySqlite(texts: readonly string[], weights: readonly number[]): Tokens {
    const counts = new Map<string, number>();
    let size = 0;
    this.insert.run(...texts);
    try {
      for (const row of this.vocab.all() as { term: string; col: string }[]) {
        counts.set(row.term, (counts.get(row.term) ?? 0) + weights[Number(row.col.slice(1))]!);
        size += 1;
      }
    } finally {
      this.clear.run();
    }
    return { counts, size };
  }
}
