import type { ApiProject } from '../catalog/api-project.js';
import type { CatalogService } from '../catalog/service.js';
import { nextTurn } from '../lib/next-turn.js';

/** The published projects by title, up to a bound; `more` when the catalog has more than that. */
export interface SomeProjects {
  projects: ApiProject[];
  more: boolean;
}

/**
 * Every published project, by title, through the cached catalog pages, up to `maxPages` pages of
 * 100 (5,000 projects): each is a whole project, and /llms-full.txt holds them all in memory.
 */
export async function allProjects(catalog: CatalogService, maxPages = 50): Promise<SomeProjects> {
  const projects: ApiProject[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    // Up to 50 reads in a row: between them, other requests are answered (lib/next-turn.ts).
    if (page > 0) await nextTurn();
    const { value } = await catalog.list({ sort: 'title', limit: 100, cursor });
    projects.push(...value.data);
    if (!value.next_cursor) return { projects, more: false };
    cursor = value.next_cursor;
  }
  return { projects, more: true };
}

/** A published project's page and its update time, as a sitemap names it. */
export interface PageRef {
  url: string;
  updated_at: string;
}

/**
 * Every published project's page, by slug, however many there are: a sitemap must name them
 * all (allProjects stops at 5,000). Only the slug and update time are read, `step` at a time,
 * with a turn of the event loop between steps.
 */
export async function allPageRefs(catalog: CatalogService, step = 5_000): Promise<PageRef[]> {
  const refs: PageRef[] = [];
  for (let after: string | undefined; ; ) {
    const read = await catalog.pageRefs(after, step);
    for (const ref of read) refs.push(ref);
    if (read.length < step) return refs;
    after = read[read.length - 1]!.slug;
    await nextTurn();
  }
}
