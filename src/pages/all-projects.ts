import type { ApiProject } from '../catalog/api-project.js';
import type { CatalogService } from '../catalog/service.js';
import { nextTurn } from '../lib/next-turn.js';

/** Every published project, by title, through the cached catalog pages (bounded for safety). */
export async function allProjects(catalog: CatalogService, maxPages = 50): Promise<ApiProject[]> {
  const projects: ApiProject[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    // Up to 50 reads in a row: between them, other requests are answered (lib/next-turn.ts).
    if (page > 0) await nextTurn();
    const { value } = await catalog.list({ sort: 'title', limit: 100, cursor });
    projects.push(...value.data);
    if (!value.next_cursor) break;
    cursor = value.next_cursor;
  }
  return projects;
}
