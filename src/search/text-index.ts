/**
 * A dialect's full-text index held in memory (issue 17): it answers which documents match and
 * with what rank exactly as the database's own full-text search would, so the store can page
 * through a search without asking the database to rank every match.
 */
export interface TextIndex<Source> {
  /** Adds or replaces document `doc` (a small dense integer chosen by the caller). */
  set(doc: number, source: Source): void;
  delete(doc: number): void;
  /**
   * Every document matching all `terms` (each a prefix, as searchTerms() in
   * src/store/kysely/search-dialect.ts returns them) with its rank, higher is better,
   * bit-identical to the database's rank. `undefined`: this query cannot be answered exactly in
   * memory, and the caller answers it with SQL instead.
   */
  match(terms: readonly string[]): Promise<{ docs: Int32Array; ranks: Float64Array } | undefined>;
}
