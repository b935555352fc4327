import type { Clock, Random } from '../lib/clock.js';
import { newId } from '../lib/clock.js';
import { DomainError, ERROR_CODES, NotFoundError, PreconditionFailedError, ValidationError, type FieldError } from '../lib/errors.js';
import { ifMatchMatches, ifNoneMatchMatches } from '../lib/etag.js';
import { invalidInput } from '../lib/zod-errors.js';
import { imageInputOf, prepareImages, storeImages } from '../media/project-images.js';
import type { MediaStore, ProjectRevision, ProjectStore, RevisedProject } from '../store/ports/index.js';
import { projectInputSchema, type ProjectInput } from './project.js';
import type { CatalogService } from './service.js';

/**
 * What the owner edits: every field of an import record except ids, timestamps and the featured
 * rank, which the store keeps (the rank moves with Move up / Move down).
 */
export const projectEditSchema = projectInputSchema.omit({ id: true, created_at: true, updated_at: true, featured_rank: true });
export type ProjectEdit = Omit<ProjectInput, 'id' | 'created_at' | 'updated_at' | 'featured_rank'>;

/** RFC 9110 §13.1.1: the validator of one stored version of a project. */
export function projectEtag(p: ProjectRevision): string {
  return `"${p.id}.${p.revision}"`;
}

/** RFC 6585 §3: overwriting an existing project needs If-Match, so no write is lost unseen. */
export class PreconditionRequiredError extends DomainError {
  constructor(message: string) {
    super(428, ERROR_CODES.preconditionRequired, 'Precondition required', message);
  }
}

/** RFC 7396 JSON Merge Patch. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> = typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** The editable fields of a stored project (the merge-patch target and the admin form's values). */
export function editableFields(p: RevisedProject): ProjectEdit {
  const { id: _i, created_at: _c, updated_at: _u, revision: _r, ...fields } = p;
  return { ...fields, images: fields.images.map(imageInputOf) };
}

/**
 * The owner's project edits, for the admin pages and the admin API alike. Every write is
 * conditional on the version it was based on (412 when stale) and bumps the catalog version.
 */
export class ProjectEditor {
  constructor(private readonly deps: { store: ProjectStore; media: MediaStore; catalog: CatalogService; clock: Clock; random: Random }) {}

  async get(slug: string): Promise<RevisedProject> {
    const project = await this.deps.store.getAny(slug);
    if (!project) throw new NotFoundError(`no project has the slug "${slug}"`);
    return project;
  }

  /** The featured projects' slugs in the owner's order (the public featured order). */
  featuredOrder(): Promise<string[]> {
    return this.deps.store.featuredOrder();
  }

  /** Moves a featured project one place; a project that is not featured is a 422. */
  async moveFeatured(slug: string, direction: 'up' | 'down'): Promise<void> {
    await this.get(slug);
    if (!(await this.deps.store.moveFeatured(slug, direction))) throw new ValidationError(`"${slug}" is not featured, so it has no place in the featured order.`, [{ path: 'featured', message: 'not featured' }]);
    this.deps.catalog.invalidate();
  }

  /** Every project with its revision, in one query (not one per project: a long catalog's list stays quick). */
  list(): Promise<RevisedProject[]> {
    return this.deps.store.listAny();
  }

  /** PUT: creates the project (no If-Match) or replaces it (If-Match must name the stored version). */
  async put(slug: string, body: unknown, ifMatch: string | undefined, ifNoneMatch?: string): Promise<{ project: RevisedProject; created: boolean }> {
    const edit = this.validate(body, slug);
    const current = await this.deps.store.getAny(slug);
    if (current) {
      // RFC 9110 §13.2.2: If-Match first, then If-None-Match (`*`: "only if it does not exist").
      if (ifMatch !== undefined) this.check(current, ifMatch);
      this.checkNoneMatch(current, ifNoneMatch);
      if (ifMatch === undefined) throw new PreconditionRequiredError(`"${slug}" exists: send If-Match with its ETag to replace it.`);
    } else if (ifMatch !== undefined) {
      // RFC 9110 §13.1.1: If-Match names a current representation; there is none.
      throw new PreconditionFailedError(`no project has the slug "${slug}".`);
    }
    const project = await this.write(edit, current ?? null);
    return { project, created: current === undefined };
  }

  /** PATCH: RFC 7396 merge patch over the editable fields; If-Match is required. */
  async patch(slug: string, patch: unknown, ifMatch: string | undefined, ifNoneMatch?: string): Promise<RevisedProject> {
    const current = await this.get(slug);
    if (ifMatch === undefined) throw new PreconditionRequiredError('send If-Match with the ETag of the version you changed.');
    this.check(current, ifMatch);
    this.checkNoneMatch(current, ifNoneMatch);
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new ValidationError('The patch must be a JSON object.', [{ path: '(body)', message: 'expected an object' }]);
    const edit = this.validate(mergePatch(editableFields(current), patch), slug);
    return this.write(edit, current);
  }

  /** Saves the admin form: `based` is the version the form showed (null for a new project). */
  async save(body: unknown, based: ProjectRevision | null, slug?: string): Promise<RevisedProject> {
    const edit = this.validate(body, slug);
    return this.write(edit, based);
  }

  async remove(slug: string, ifMatch: string | undefined, ifNoneMatch?: string): Promise<void> {
    const current = await this.get(slug);
    if (ifMatch === undefined) throw new PreconditionRequiredError('send If-Match with the ETag of the version you mean to delete.');
    this.check(current, ifMatch);
    this.checkNoneMatch(current, ifNoneMatch);
    if ((await this.deps.store.remove(slug, current)) === 'conflict') throw this.stale(slug);
    this.deps.catalog.invalidate();
  }

  /**
   * What save() would refuse in these fields, without saving: the admin form shows every problem
   * at once, the fields' beside its images' (which it checks first, as it reads the uploads).
   */
  problems(body: unknown, slug?: string): readonly FieldError[] {
    try {
      this.validate(body, slug);
      return [];
    } catch (error) {
      if (error instanceof ValidationError) return error.errors ?? [];
      throw error;
    }
  }

  private validate(body: unknown, slug?: string): ProjectEdit {
    const withSlug = slug !== undefined && typeof body === 'object' && body !== null && !('slug' in body) ? { ...body, slug } : body;
    const parsed = projectEditSchema.safeParse(withSlug);
    if (!parsed.success) throw invalidInput('The project', parsed.error, projectEditSchema);
    if (slug !== undefined && parsed.data.slug !== slug) throw new ValidationError('The slug in the body differs from the one in the URL.', [{ path: 'slug', message: `must be "${slug}" (rename by creating the new slug and deleting the old)` }]);
    return parsed.data;
  }

  private check(current: RevisedProject, ifMatch: string | undefined): void {
    if (!ifMatchMatches(ifMatch, projectEtag(current))) throw this.stale(current.slug);
  }

  /** RFC 9110 §13.1.2: for a write, If-None-Match naming the current version (or `*`) fails it. */
  private checkNoneMatch(current: RevisedProject, ifNoneMatch: string | undefined): void {
    if (!ifNoneMatchMatches(ifNoneMatch, projectEtag(current))) return;
    throw new PreconditionFailedError(ifNoneMatch?.trim() === '*' ? `a project with the slug "${current.slug}" exists already.` : `"${current.slug}" is still the version named in If-None-Match.`);
  }

  private stale(slug: string): PreconditionFailedError {
    return new PreconditionFailedError(`"${slug}" was changed since the version you based this on: fetch it again (GET for the new ETag) and redo the change.`);
  }

  private async write(edit: ProjectEdit, based: ProjectRevision | null): Promise<RevisedProject> {
    // Images are checked (and stored, content-addressed) before the project: a refused image writes nothing.
    const images = await storeImages(await prepareImages(edit.images), this.deps.media, this.deps.clock.now());
    const saved = await this.deps.store.save({ ...edit, images }, based, this.deps.clock.now(), () => newId(this.deps.random, 'prj'));
    if (saved === 'conflict') throw based ? this.stale(edit.slug) : new PreconditionFailedError(`a project with the slug "${edit.slug}" exists already.`);
    this.deps.catalog.invalidate();
    return saved;
  }
}
