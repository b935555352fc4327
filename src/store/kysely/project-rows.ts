import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { toRfc3339 } from '../../lib/clock.js';
import type { ProjectRecord } from '../../model/project.js';
import { prepared, type DialectName } from './prepared.js';
import type { Database, ProjectsTable } from './schema.js';

/**
 * The columns a record is made of, in the order recordOf() reads them: a statement that selects
 * exactly these (direct-reads.ts) can hand over each row as an array of values.
 */
export const RECORD_COLUMNS = ['id', 'slug', 'title', 'summary', 'description', 'client', 'industry', 'services', 'technologies', 'tags', 'year', 'featured', 'url', 'images', 'published_at', 'created_at', 'updated_at'] as const;

/**
 * RECORD_COLUMNS qualified, for a statement that joins: record reads select these, not `*`, which
 * on PostgreSQL also carried the `search` tsvector (~870 characters a row, printed by the server
 * and parsed by pg for nothing: 31% of a 21-row page read).
 */
export const RECORD_COLUMNS_OF_PROJECTS = RECORD_COLUMNS.map((column) => `projects.${column}` as const);

type Columns = typeof RECORD_COLUMNS;
/** A row's values in RECORD_COLUMNS order. */
export type ColumnValues = { readonly [I in keyof Columns]: Columns[I] extends keyof ProjectsTable ? Selectable<ProjectsTable>[Columns[I]] : never };

/** A record from its row's values in RECORD_COLUMNS order. */
export function recordOf(v: ColumnValues): ProjectRecord {
  return {
    id: v[0],
    slug: v[1],
    title: v[2],
    summary: v[3],
    description: v[4],
    client: v[5],
    industry: v[6],
    services: JSON.parse(v[7]) as string[],
    technologies: JSON.parse(v[8]) as string[],
    tags: JSON.parse(v[9]) as string[],
    year: Number(v[10]),
    featured: Number(v[11]) === 1,
    url: v[12],
    images: JSON.parse(v[13]) as ProjectRecord['images'],
    published_at: v[14],
    created_at: v[15],
    updated_at: v[16],
  };
}

/** A page's record with the key it was sorted by (the title's collation key, for a title keyset). */
export interface KeyedRecord {
  record: ProjectRecord;
  sortKey?: string | undefined;
}

/**
 * PostgreSQL's read of a page's rows: one statement text for every page size (`IN ($1, …, $n)`
 * is another statement for each n), so each connection keeps it prepared (prepared.ts): 0.74
 * against 1.21 ms at p50 for 21 rows of 100,000 on round 19's VM.
 */
const rowsOfIds = prepared((db: Kysely<Database>, ids: readonly string[]) => db.selectFrom('projects').select(RECORD_COLUMNS).where(sql<boolean>`id = any(${ids}::text[])`));

/** The records of `ids` (in no particular order; missing ones left out). */
export async function recordsById(db: Kysely<Database>, dialect: DialectName, ids: readonly string[]): Promise<ProjectRecord[]> {
  const rows = dialect === 'postgres' ? (await rowsOfIds(db, dialect, ids)).rows : await db.selectFrom('projects').select(RECORD_COLUMNS).where('id', 'in', [...ids]).execute();
  return rows.map(toRecord);
}

/** Rows of `projects` to records and back, and the SQL details the project store shares. */
export function toRecord(row: Pick<Selectable<ProjectsTable>, Columns[number]>): ProjectRecord {
  return recordOf(RECORD_COLUMNS.map((column) => row[column]) as unknown as ColumnValues);
}

export function toRow(p: ProjectRecord): Insertable<ProjectsTable> {
  return {
    ...p,
    services: JSON.stringify(p.services),
    technologies: JSON.stringify(p.technologies),
    tags: JSON.stringify(p.tags),
    images: JSON.stringify(p.images),
    featured: p.featured ? 1 : 0,
  };
}

export function normalizeTime(value: string): string {
  return toRfc3339(Date.parse(value));
}


export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
