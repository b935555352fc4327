import type { Selectable } from 'kysely';
import { BoundedMap } from '../../lib/bounded-map.js';
import type { ProjectRecord } from '../../model/project.js';
import { toRecord } from './project-rows.js';
import type { ProjectsTable } from './schema.js';

type Row = Selectable<ProjectsTable>;

/** A few thousand projects, whatever their size: the rows ranked pages keep coming back to. */
const ENTRIES = 1000;
const MAX_CHARS = 4 * 2 ** 20;

/** The characters of a row's text columns: its weight against MAX_CHARS. */
function weigh(row: Row): number {
  let chars = 0;
  for (const value of Object.values(row)) if (typeof value === 'string') chars += value.length;
  return chars;
}

/**
 * The rows of projects that ranked pages of the in-memory search showed, for the catalog version
 * they were read at (issue 17: reading a page's rows by id was ~20% of an uncached search, ~8 µs
 * a row). Every write of a project bumps the catalog version (upsert, save, remove, the featured
 * order), and the search index checks the version on every page, so rows kept for that version
 * are what a read would return: a page at a newer version empties the cache first. Rows are only
 * kept when read at the version the cache holds, so a read that raced a newer page cannot put
 * older rows under the newer version.
 */
export class ProjectRowCache {
  private readonly rows = new BoundedMap<string, Row>(ENTRIES, { maxWeight: MAX_CHARS, weigh });
  private readonly records = new WeakMap<Row, ProjectRecord>();
  private version = -1;

  /**
   * The record of a row rowsOf() answered: one object per row object, so the catalog presents a
   * kept project once (catalog/presented-projects.ts). A row read afresh is a new object, and so
   * is its record; a record goes with its row.
   */
  recordOf(row: Row): ProjectRecord {
    let record = this.records.get(row);
    if (record === undefined) {
      record = toRecord(row);
      this.records.set(row, record);
    }
    return record;
  }

  /** The rows of `ids` by id: those kept for `version`, the others read with `read` (and kept). */
  async rowsOf(ids: readonly string[], version: number, read: (ids: readonly string[]) => Promise<Row[]>): Promise<Map<string, Row>> {
    const { found, missing } = this.lookup(ids, version);
    if (missing.length > 0) {
      const rows = await read(missing);
      this.keep(rows, version);
      for (const row of rows) found.set(row.id, row);
    }
    return found;
  }

  private lookup(ids: readonly string[], version: number): { found: Map<string, Row>; missing: string[] } {
    if (version > this.version) {
      this.rows.clear();
      this.version = version;
    }
    const found = new Map<string, Row>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = version === this.version ? this.rows.get(id) : undefined;
      if (row === undefined) missing.push(id);
      else found.set(id, row);
    }
    return { found, missing };
  }

  /** Keeps rows read after a page at `version` was confirmed. */
  private keep(rows: readonly Row[], version: number): void {
    if (version !== this.version) return;
    for (const row of rows) this.rows.set(row.id, row);
  }
}
