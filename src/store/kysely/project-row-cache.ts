import { BoundedMap } from '../../lib/bounded-map.js';
import type { ProjectRecord } from '../../model/project.js';

/**
 * A few thousand projects, at most 8 M characters of text: the records ranked pages keep coming
 * back to. The bench's search vocabulary touches ~2,800 of 10,000 projects; with 1,000 kept, a
 * new query's page of 20 (the default limit) read and presented most of its rows afresh. Issue
 * 17, round 23, at 10,000 projects: 4,000 kept took a new query's CPU from 720–940 to 380–440 µs
 * at `limit=20` and the bench's mix from ~335 to ~270 µs. A record is ~3 KB of heap and its
 * presentation (catalog/presented-projects.ts) ~1 KB more and ~2 KB of JSON bytes, so a full
 * cache holds ~25 MB, ~19 MB more than 1,000 records did.
 */
const ENTRIES = 4000;
const MAX_CHARS = 8 * 2 ** 20;

/** The characters of a record's text: its weight against MAX_CHARS. */
function weigh(record: ProjectRecord): number {
  let chars = 0;
  for (const value of Object.values(record)) {
    if (typeof value === 'string') chars += value.length;
    else if (Array.isArray(value)) chars += 64 * value.length;
  }
  return chars;
}

/**
 * The records of projects that ranked pages of the in-memory search showed, for the catalog
 * version they were read at (issue 17: reading a page's rows by id was ~20% of an uncached search,
 * ~8 µs a row). Every write of a project bumps the catalog version (upsert, save, remove, the
 * featured order), and the search index checks the version on every page, so records kept for
 * that version are what a read would return: a page at a newer version empties the cache first.
 * Records are only kept when read at the version the cache holds, so a read that raced a newer
 * page cannot put older records under the newer version. A kept record is the same object on
 * every page, so the catalog presents it once (catalog/presented-projects.ts); one read afresh
 * is a new object.
 */
export class ProjectRowCache {
  private readonly records = new BoundedMap<string, ProjectRecord>(ENTRIES, { maxWeight: MAX_CHARS, weigh });
  private version = -1;

  /** The records of `ids` by id: those kept for `version`, the others read with `read` (and kept). */
  async recordsOf(ids: readonly string[], version: number, read: (ids: readonly string[]) => Promise<ProjectRecord[]>): Promise<Map<string, ProjectRecord>> {
    const { found, missing } = this.lookup(ids, version);
    if (missing.length > 0) {
      const records = await read(missing);
      this.keep(records, version);
      for (const record of records) found.set(record.id, record);
    }
    return found;
  }

  private lookup(ids: readonly string[], version: number): { found: Map<string, ProjectRecord>; missing: string[] } {
    if (version > this.version) {
      this.records.clear();
      this.version = version;
    }
    const found = new Map<string, ProjectRecord>();
    const missing: string[] = [];
    for (const id of ids) {
      const record = version === this.version ? this.records.get(id) : undefined;
      if (record === undefined) missing.push(id);
      else found.set(id, record);
    }
    return { found, missing };
  }

  /** Keeps records read after a page at `version` was confirmed. */
  private keep(records: readonly ProjectRecord[], version: number): void {
    if (version !== this.version) return;
    for (const record of records) this.records.set(record.id, record);
  }
}
