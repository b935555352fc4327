import { readFileSync } from 'node:fs';
import type { FieldError } from '../lib/errors.js';
import { ValidationError } from '../lib/errors.js';
import { issueMessage } from '../lib/issue-messages.js';
import type { ProjectFields } from '../model/project.js';
import { catalogFileSchema, projectInputSchema, type ProjectInput } from './project.js';
import { parseStudioEntry, type StudioEntry } from '../studio/studio-entry.js';

/**
 * Parses a catalog file, collecting every error with the record and field it belongs to,
 * e.g. `projects[3] (slug "atlas"): summary: too long`.
 */
export function parseCatalog(json: unknown, source = 'catalog'): ProjectInput[] {
  const file = catalogFileSchema.safeParse(json);
  if (!file.success) {
    throw new ValidationError(`${source}: expected an object {"projects": [...]}`, [{ path: 'projects', message: 'is required: a list of projects' }]);
  }
  const errors: FieldError[] = [];
  const projects: ProjectInput[] = [];
  const slugs = new Set<string>();
  file.data.projects.forEach((raw, index) => {
    const result = projectInputSchema.safeParse(raw);
    const label = typeof (raw as { slug?: unknown })?.slug === 'string' ? ` (slug "${(raw as { slug: string }).slug}")` : '';
    if (!result.success) {
      for (const issue of result.error.issues) {
        const at = `projects[${index}]${label}.${issue.path.map((part) => `${String(part)}.`).join('')}`;
        // A misspelt field is named itself, so the fix is obvious from the message.
        if (issue.code === 'unrecognized_keys') for (const key of issue.keys) errors.push({ path: `${at}${key}`, message: 'unknown field' });
        else errors.push({ path: at.slice(0, -1) || '(record)', message: issueMessage(issue) });
      }
      return;
    }
    if (slugs.has(result.data.slug)) {
      errors.push({ path: `projects[${index}]${label}.slug`, message: 'duplicate slug in file' });
      return;
    }
    slugs.add(result.data.slug);
    projects.push(result.data);
  });
  if (errors.length > 0) {
    throw new ValidationError(`${source}: ${errors.length} invalid field(s)`, errors);
  }
  return projects;
}

/** A catalog file's projects as the store takes them; for files whose images are all at URLs with their sizes (the demo). */
export function readCatalogFile(path: string): ProjectFields[] {
  return readCatalogDocument(path).projects.map(withUrlImages);
}

/** A record whose images are all at URLs with their sizes, as the store takes it; anything else throws. */
export function withUrlImages(p: ProjectInput): ProjectFields {
  return {
    ...p,
    images: p.images.map((i) => {
      if (i.media !== undefined || i.url === undefined || i.width === undefined || i.height === undefined) throw new Error(`${p.slug}: an image needs storing first`);
      return { url: i.url, alt: i.alt, width: i.width, height: i.height, ...(i.caption != null ? { caption: i.caption } : {}) };
    }),
  };
}

/** A catalog file as a whole: the studio profile (when it has one) and the projects. */
export interface CatalogDocument {
  studio: StudioEntry | undefined;
  projects: ProjectInput[];
}

export function readCatalogDocument(path: string): CatalogDocument {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ValidationError(`${path}: ${(error as Error).message}`, []);
  }
  const projects = parseCatalog(json, path);
  const raw = (json as { studio?: unknown }).studio;
  return { studio: raw === undefined ? undefined : parseStudioEntry(raw, path), projects };
}
