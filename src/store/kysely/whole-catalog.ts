import type { Kysely } from 'kysely';
import type { ProjectRecord } from '../../model/project.js';
import type { ProjectPageRef } from '../ports/index.js';
import { RECORD_COLUMNS, toRecord } from './project-rows.js';
import type { Database } from './schema.js';

/** Reads over the whole catalog rather than a page of it: the export, the count and a sitemap's walk. */

export async function exportAll(db: Kysely<Database>): Promise<ProjectRecord[]> {
  const rows = await db.selectFrom('projects').select(RECORD_COLUMNS).orderBy('slug').execute();
  return rows.map(toRecord);
}

export async function countProjects(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Published slugs and update times by slug, after `afterSlug`: keyset on the slug, each step
 * starting where the last one stopped, answered from the partial index projects_pages alone.
 */
export function pageRefsQuery(db: Kysely<Database>, afterSlug: string | undefined, limit: number) {
  let qb = db.selectFrom('projects').select(['slug', 'updated_at']).where('published_at', 'is not', null);
  if (afterSlug !== undefined) qb = qb.where('slug', '>', afterSlug);
  return qb.orderBy('slug').limit(limit);
}

export function pageRefs(db: Kysely<Database>, afterSlug: string | undefined, limit: number): Promise<ProjectPageRef[]> {
  return pageRefsQuery(db, afterSlug, limit).execute();
}
