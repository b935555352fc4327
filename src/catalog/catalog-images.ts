import { ValidationError, type FieldError } from '../lib/errors.js';
import { prepareImages, storeImages, type PreparedImage, type ReadImageFile } from '../media/project-images.js';
import type { ImportedProject } from '../model/project.js';
import type { MediaStore } from '../store/ports/index.js';
import type { ProjectInput } from './project.js';

export type PreparedProject = { project: ProjectInput; images: PreparedImage[] };

/**
 * Checks and processes the images of every imported project before anything is written,
 * naming each refused one by record and field (`projects[2] (slug "atlas").images.0.url`).
 */
export async function prepareCatalogImages(projects: readonly ProjectInput[], readFileFor?: (p: ProjectInput) => ReadImageFile | undefined): Promise<PreparedProject[]> {
  const errors: FieldError[] = [];
  const out: PreparedProject[] = [];
  for (const [index, project] of projects.entries()) {
    try {
      const readFile = readFileFor?.(project);
      out.push({ project, images: await prepareImages(project.images, { pathPrefix: `projects[${index}] (slug "${project.slug}").`, ...(readFile ? { readFile } : {}) }) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.push(...(error.errors ?? []));
    }
  }
  if (errors.length > 0) throw new ValidationError(`${errors.length} image(s) refused`, errors, 422);
  return out;
}

/** Stores the prepared images (inside the caller's transaction) and gives the records to upsert. */
export async function storeCatalogImages(prepared: readonly PreparedProject[], media: MediaStore, nowMs: number): Promise<ImportedProject[]> {
  const out: ImportedProject[] = [];
  for (const [index, { project, images }] of prepared.entries()) {
    out.push({ ...project, images: await storeImages(images, media, nowMs, `projects[${index}] (slug "${project.slug}").`) });
  }
  return out;
}
