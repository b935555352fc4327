import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectRecord } from '../../model/project.js';
import type { MediaFile } from '../../store/ports/media.js';
import { logoExtension, type StudioLogo } from '../../studio/logo.js';
import { studioProfileSchema, type StudioProfile } from '../../studio/profile.js';
import { stringifyFrontMatter } from './front-matter.js';

/** The name an exported image file gets: `cover.jpg` for the first, `gallery-1.png`, … after it. */
export function imageFileName(index: number, contentType: string): string {
  return `${index === 0 ? 'cover' : `gallery-${index}`}.${logoExtension(contentType)}`;
}

/** A project's front matter: every field but the slug (the folder) and the description (the body). */
function projectFrontMatter(p: ProjectRecord, rank: number | undefined, originals: ReadonlyMap<string, MediaFile>, files: Map<string, Buffer>): Record<string, unknown> {
  const images = p.images.map((image, index) => {
    const caption = image.caption != null ? { caption: image.caption } : {};
    const original = image.media ? originals.get(image.media) : undefined;
    if (!original) return { url: image.url, width: image.width, height: image.height, alt: image.alt, ...caption };
    const name = imageFileName(index, original.content_type);
    files.set(name, original.data);
    return { file: name, alt: image.alt, ...caption };
  });
  return {
    id: p.id,
    title: p.title,
    summary: p.summary,
    client: p.client,
    industry: p.industry,
    services: p.services,
    technologies: p.technologies,
    tags: p.tags,
    year: p.year,
    featured: p.featured,
    ...featuredRankOf(p, rank),
    url: p.url,
    images,
    published_at: p.published_at,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/**
 * `featured_rank` for a featured project, nothing for the others: the rank of a project that is
 * not featured orders nothing, and a file that leaves it out keeps the stored one.
 */
export function featuredRankOf(p: ProjectRecord, rank: number | undefined): { featured_rank?: number } {
  return p.featured ? { featured_rank: rank ?? 0 } : {};
}

export interface CatalogExport {
  studio: { profile: StudioProfile; logo: StudioLogo | null } | undefined;
  projects: readonly ProjectRecord[];
  /** every project's featured_rank by slug (ProjectStore.featuredRanks) */
  ranks: ReadonlyMap<string, number>;
  /** the original bytes of every stored image, by media id */
  originals: ReadonlyMap<string, MediaFile>;
}

/** Writes `studio.md`, `projects/<slug>/index.md` and the image files beside them into `root`. */
export function writeCatalogFolder(root: string, catalog: CatalogExport): void {
  mkdirSync(join(root, 'projects'), { recursive: true });
  if (catalog.studio) {
    const { introduction, ...fields } = studioProfileSchema.parse(catalog.studio.profile);
    const logo = catalog.studio.logo;
    const logoName = logo ? `logo.${logoExtension(logo.content_type)}` : null;
    if (logo && logoName) writeFileSync(join(root, logoName), Buffer.from(logo.data, 'base64'));
    writeFileSync(join(root, 'studio.md'), stringifyFrontMatter({ ...fields, logo: logoName }, introduction));
  }
  for (const project of catalog.projects) {
    const dir = join(root, 'projects', project.slug);
    mkdirSync(dir, { recursive: true });
    const files = new Map<string, Buffer>();
    writeFileSync(join(dir, 'index.md'), stringifyFrontMatter(projectFrontMatter(project, catalog.ranks.get(project.slug), catalog.originals, files), project.description));
    for (const [name, data] of files) writeFileSync(join(dir, name), data);
  }
}
