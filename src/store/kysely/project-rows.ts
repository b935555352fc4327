import type { Insertable, Selectable } from 'kysely';
import { toRfc3339 } from '../../lib/clock.js';
import type { ProjectRecord } from '../../model/project.js';
import type { ProjectsTable } from './schema.js';

/** A page's row with the key it was sorted by (the title's collation key, for a title keyset). */
export interface KeyedRow {
  row: Selectable<ProjectsTable>;
  sortKey?: string | undefined;
}

/** Rows of `projects` to records and back, and the SQL details the project store shares. */
export function toRecord(row: Selectable<ProjectsTable>): ProjectRecord {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    description: row.description,
    client: row.client,
    industry: row.industry,
    services: JSON.parse(row.services) as string[],
    technologies: JSON.parse(row.technologies) as string[],
    tags: JSON.parse(row.tags) as string[],
    year: Number(row.year),
    featured: Number(row.featured) === 1,
    url: row.url,
    images: JSON.parse(row.images) as ProjectRecord['images'],
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
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

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}


export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
