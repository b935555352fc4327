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
   * memory, and the caller answers it with SQL instead. The arrays are read-only: an index may
   * hand the same ones to every caller of a query.
   */
  match(terms: readonly string[]): Promise<{ docs: Int32Array; ranks: Float64Array } | undefined>;
  /**
   * Readies what match() of `terms` must ask the database for (PostgreSQL: their lexizing), so
   * that the caller can send it beside its own statements; match() then finds it done.
   */
  prepare?(terms: readonly string[]): Promise<unknown>;
  /**
   * match() answered at once, for an index that needs nothing asynchronous. Its arrays are the
   * index's scratch space, valid only until its next call: the caller reads them before it
   * yields (a common word's matches are a megabyte, which fresh arrays paid for in page faults
   * and garbage collection on every search). With `ranked` false the caller orders the matches
   * by something else, and `ranks` is empty.
   */
  matchNow?(terms: readonly string[], ranked?: boolean): { docs: Int32Array; ranks: Float64Array } | undefined;
  /**
   * For a page in rank order: every match `admits` accepts that could be among its `k` best
   * under any tie-break (the rank of each, as match() would give it), without necessarily
   * ranking all matches; in the same scratch space as matchNow(). undefined: use matchNow().
   */
  topNow?(terms: readonly string[], k: number, admits: (doc: number) => boolean): { docs: Int32Array; ranks: Float64Array } | undefined;
}
