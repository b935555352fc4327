import type { ColumnValues } from './project-rows.js';

/**
 * The two reads every ranked page of the in-memory search makes (the catalog version, then the
 * page's rows), run on the dialect's own connection without Kysely where it can (SQLite:
 * sqlite/direct-reads.ts). Issue 17: through Kysely the version check cost 10–15 µs against
 * 3.4 µs for the statement itself, and a row read as an object ~9 µs against ~5.6 µs as an
 * array of values, on a page of a dozen rows an uncached search reads most of.
 * Each answers undefined when it cannot read now (a transaction holds the connection: its
 * uncommitted writes must not be read); the caller then reads through Kysely, which waits.
 */
export interface DirectReads {
  catalogVersion(): number | undefined;
  /** the rows of `ids` (in no particular order), each as its values in RECORD_COLUMNS order */
  projectRows(ids: readonly string[]): ColumnValues[] | undefined;
}
