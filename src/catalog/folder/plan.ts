import { mediaIdOf } from '../../media/images.js';
import type { ProjectRecord } from '../../model/project.js';
import type { StudioRecord } from '../../store/ports/studio.js';
import { studioProfileSchema } from '../../studio/profile.js';
import type { ProjectInput } from '../project.js';
import type { FolderProject, FolderStudio } from './read-folder.js';

export type Change = 'created' | 'updated' | 'unchanged';

const DATA_URL = /^data:[a-z0-9+/.-]+;base64,/i;
const sameTime = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/** What an image is, for comparison: its stored bytes (content-hashed id) or its URL and size, with alt and caption. */
function imageKeys(project: ProjectInput, files: ReadonlyMap<string, Uint8Array>): string[] {
  return project.images.map((i) => {
    const bytes = i.url === undefined || i.media !== undefined ? undefined : DATA_URL.test(i.url) ? Buffer.from(i.url.slice(i.url.indexOf(',') + 1), 'base64') : files.get(i.url);
    const what = i.media ?? (bytes ? mediaIdOf(bytes) : `${i.url} ${i.width}x${i.height}`);
    return JSON.stringify([what, i.alt, i.caption ?? null]);
  });
}

function storedKeys(project: ProjectRecord): string[] {
  return project.images.map((i) => JSON.stringify([i.media ?? `${i.url} ${i.width}x${i.height}`, i.alt, i.caption ?? null]));
}

/**
 * Whether importing `incoming` would change the stored project: every field the import writes
 * is compared (a missing `updated_at` is "now" only when something else changed, a missing
 * `featured_rank` keeps `storedRank`).
 */
export function projectChange(existing: ProjectRecord | undefined, { project, files }: FolderProject, storedRank = 0): Change {
  if (!existing) return 'created';
  const fields = ['title', 'summary', 'description', 'client', 'industry', 'year', 'featured', 'url'] as const;
  const lists = ['services', 'technologies', 'tags'] as const;
  const same =
    fields.every((f) => existing[f] === project[f]) &&
    lists.every((f) => JSON.stringify(existing[f]) === JSON.stringify(project[f])) &&
    sameTime(existing.published_at, project.published_at) &&
    (project.updated_at === undefined || sameTime(existing.updated_at, project.updated_at)) &&
    (project.featured_rank === undefined || project.featured_rank === storedRank) &&
    JSON.stringify(storedKeys(existing)) === JSON.stringify(imageKeys(project, files));
  return same ? 'unchanged' : 'updated';
}

export function studioChange(existing: StudioRecord | undefined, incoming: FolderStudio): Change {
  if (!existing) return 'created';
  const sameProfile = JSON.stringify(studioProfileSchema.parse(existing.profile)) === JSON.stringify(incoming.profile);
  const sameLogo = (existing.logo?.data ?? null) === (incoming.logo ? Buffer.from(incoming.logo).toString('base64') : null);
  return sameProfile && sameLogo ? 'unchanged' : 'updated';
}
