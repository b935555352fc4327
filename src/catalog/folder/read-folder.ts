import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { z } from 'zod';
import type { FieldError } from '../../lib/errors.js';
import { ValidationError } from '../../lib/errors.js';
import { issueMessage } from '../../lib/issue-messages.js';
import { studioProfileSchema, type StudioProfile } from '../../studio/profile.js';
import { projectInputSchema, type ProjectInput } from '../project.js';
import { fieldAt, parseFrontMatter, type FrontMatterFile } from './front-matter.js';

export interface FolderStudio {
  profile: StudioProfile;
  /** the logo file's bytes, or null for no logo */
  logo: Uint8Array | null;
}

export interface FolderProject {
  /** `projects/<slug>/index.md`, for messages */
  name: string;
  /** a validated record; an image file beside index.md is its `url` (the file name) */
  project: ProjectInput;
  /** the bytes of every image file, by its name */
  files: Map<string, Uint8Array>;
}

export interface CatalogFolder {
  studio: FolderStudio | undefined;
  projects: FolderProject[];
}

/** A file beside `folder`, never outside it; undefined when there is none. */
export function readBeside(folder: string, name: string): Uint8Array | undefined {
  const path = resolve(folder, name);
  if (relative(folder, path).startsWith('..')) return undefined;
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** zod issues as `file:line: field: message`, an image given by `file` named so. */
function issuesAt(name: string, file: FrontMatterFile, error: z.ZodError, fileImages: ReadonlySet<number> = new Set()): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const parts = issue.path.map(String);
    if (parts[0] === 'images' && parts[2] === 'url' && fileImages.has(Number(parts[1]))) parts[2] = 'file';
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) out.push({ path: fieldAt(name, file, [...parts, key].join('.')), message: 'unknown field' });
    else out.push({ path: fieldAt(name, file, parts.join('.') || '(front matter)'), message: issueMessage(issue) });
  }
  return out;
}

function readStudio(root: string, errors: FieldError[]): FolderStudio | undefined {
  const path = join(root, 'studio.md');
  if (!existsSync(path)) return undefined;
  const file = parseFrontMatter(readFileSync(path, 'utf8'), 'studio.md');
  if (!('data' in file)) return void errors.push(file);
  const { logo: logoName, introduction, ...fields } = file.data;
  const before = errors.length;
  if (introduction !== undefined) errors.push({ path: fieldAt('studio.md', file, 'introduction'), message: 'the introduction is the Markdown body below the front matter' });
  let logo: Uint8Array | null = null;
  if (typeof logoName === 'string') {
    logo = readBeside(root, logoName) ?? null;
    if (!logo) errors.push({ path: fieldAt('studio.md', file, 'logo'), message: `no file "${logoName}" beside studio.md` });
  } else if (logoName !== undefined && logoName !== null) errors.push({ path: fieldAt('studio.md', file, 'logo'), message: 'expected the file name of the logo beside studio.md' });
  const parsed = studioProfileSchema.safeParse({ ...fields, introduction: file.body });
  if (!parsed.success) errors.push(...issuesAt('studio.md', file, parsed.error));
  return parsed.success && errors.length === before ? { profile: parsed.data, logo } : undefined;
}

function readProject(root: string, slug: string, errors: FieldError[]): FolderProject | undefined {
  const name = `projects/${slug}/index.md`;
  const dir = join(root, 'projects', slug);
  const path = join(dir, 'index.md');
  if (!existsSync(path)) return void errors.push({ path: name, message: 'missing: every folder in projects/ needs an index.md' });
  const file = parseFrontMatter(readFileSync(path, 'utf8'), name);
  if (!('data' in file)) return void errors.push(file);
  const before = errors.length;
  const { slug: ownSlug, description, images, ...fields } = file.data;
  if (ownSlug !== undefined && ownSlug !== slug) errors.push({ path: fieldAt(name, file, 'slug'), message: `is the folder's name, "${slug}"; leave it out or make it equal` });
  if (description !== undefined) errors.push({ path: fieldAt(name, file, 'description'), message: 'the description is the Markdown body below the front matter' });
  const fileImages = new Set<number>();
  const files = new Map<string, Uint8Array>();
  const imageList = Array.isArray(images)
    ? images.map((image: unknown, index) => {
        if (typeof image !== 'object' || image === null || !('file' in image)) return image;
        const { file: fileName, ...rest } = image as Record<string, unknown>;
        const at = fieldAt(name, file, `images.${index}.file`);
        if ('url' in rest) errors.push({ path: at, message: 'give either file (beside index.md) or url, not both' });
        else if (typeof fileName !== 'string' || /^([a-z][a-z0-9+.-]*:|\/)/i.test(fileName)) errors.push({ path: at, message: 'expected a relative file name beside index.md' });
        else {
          const bytes = readBeside(dir, fileName);
          if (!bytes) errors.push({ path: at, message: `no file "${fileName}" beside index.md` });
          else files.set(fileName, bytes);
        }
        fileImages.add(index);
        return { url: fileName, ...rest };
      })
    : images;
  const parsed = projectInputSchema.safeParse({ slug, ...fields, ...(images !== undefined ? { images: imageList } : {}), description: file.body });
  if (!parsed.success) errors.push(...issuesAt(name, file, parsed.error, fileImages));
  return parsed.success && errors.length === before ? { name, project: parsed.data, files } : undefined;
}

/**
 * Reads a catalog folder (`studio.md`, `projects/<slug>/index.md` and the images beside them),
 * collecting every error with its file, line and field; throws them all at once.
 */
export function readCatalogFolder(root: string, onProject?: (done: number, total: number) => void): CatalogFolder {
  const errors: FieldError[] = [];
  const studio = readStudio(root, errors);
  const projectsDir = join(root, 'projects');
  const slugs = existsSync(projectsDir) ? readdirSync(projectsDir).filter((entry) => !entry.startsWith('.') && statSync(join(projectsDir, entry)).isDirectory()).sort() : [];
  if (!studio && slugs.length === 0 && errors.length === 0) errors.push({ path: root, message: 'neither studio.md nor projects/<slug>/index.md found' });
  const projects: FolderProject[] = [];
  slugs.forEach((slug, index) => {
    const project = readProject(root, slug, errors);
    if (project) projects.push(project);
    onProject?.(index + 1, slugs.length);
  });
  if (errors.length > 0) throw new ValidationError(`${root}: ${errors.length} error(s)`, errors);
  return { studio, projects };
}
