import type { ProjectRecord } from '../model/project.js';
import type { RevisedProject } from '../store/ports/index.js';
import { toApiImage, type ApiImage } from './api-project.js';

/** A project as the owner sees it through the admin API: every field, published or not. */
export type AdminProject = Omit<ProjectRecord, 'images'> & { images: ApiImage[]; links: { self: string; html: string } };

export function toAdminProject(p: RevisedProject, baseUrl: string): AdminProject {
  const { revision: _r, ...fields } = p;
  return { ...fields, images: p.images.map((image) => toApiImage(image, baseUrl)), links: { self: `${baseUrl}/api/v1/admin/projects/${p.slug}`, html: `${baseUrl}/projects/${p.slug}` } };
}
