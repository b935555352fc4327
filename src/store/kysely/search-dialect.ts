import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { ProjectRecord } from '../../model/project.js';
import type { TextIndex } from '../../search/text-index.js';
import type { Database } from './schema.js';

/** A dialect's full-text index in memory for ranked lists (issue 17, src/search/). */
export interface InMemoryText {
  readonly index: TextIndex<unknown> & { compact?(): void; close?(): void };
  /** the number each row of `projects` is known by in the index (SQLite: its rowid) */
  readonly docKey: RawBuilder<number>;
  /** what the index reads of each of `docs` (SQLite: the row of projects_fts) */
  sources(db: Kysely<Database>, docs: readonly number[]): Promise<Map<number, unknown>>;
  /** how many changed rows a load reads the text of at once (src/store/kysely/search-index.ts) */
  readonly textBatch: number;
}

/**
 * What differs between the two dialects when searching and sorting the catalog: full-text
 * indexing (FTS5 vs tsvector) and the collation of title sorting. Everything else is shared.
 */
export interface SearchDialect {
  readonly name: 'sqlite' | 'postgres';
  /** lower-cased title with a byte-order collation, identical in both dialects */
  titleKey(): RawBuilder<string>;
  /** Rewrites the full-text index entry of one project inside the upsert transaction. */
  index(trx: Transaction<Database>, project: ProjectRecord): Promise<void>;
  /** Removes a project's full-text index entry, before the project row is deleted. */
  unindex(trx: Transaction<Database>, projectId: string): Promise<void>;
  /** Which column of `projects` the `project_key` of matches() holds. */
  readonly matchKey: 'rowid' | 'id';
  /** Keys of published-or-not projects matching `terms` (all of them, as prefixes) with a rank, higher is better. */
  matches(db: Kysely<Database>, terms: readonly string[]): RawBuilder<{ project_key: string | number; rank: number }>;
  /**
   * The in-memory index ranked lists use once it is built (src/store/kysely/search-index.ts);
   * undefined: SQL answers them. `db` is the store's connection (PostgreSQL lexizes queries on it).
   */
  textIndex(db: Kysely<Database>): InMemoryText | undefined;
}

/**
 * Splits a free-text query into safe search terms: letters and digits only, so no user input
 * ever reaches the FTS5 or tsquery syntax. Returns [] for queries with no searchable word.
 */
export function searchTerms(q: string): string[] {
  const words = q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, 40)))].slice(0, 8);
}
