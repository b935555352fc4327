import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { toApiProject } from '../../catalog/api-project.js';
import { projectEtag, type ProjectEditor } from '../../catalog/editor.js';
import { PreconditionFailedError } from '../../lib/errors.js';
import { readFormImages } from '../../catalog/project-form-images.js';
import { projectEditFromForm, projectFormErrors, projectFormValues, savedDifferences, type ProjectFormInput } from '../../catalog/project-form.js';
import { SLUG_PATTERN } from '../../catalog/project.js';
import { toRfc3339, type Clock } from '../../lib/clock.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { PROJECT_FORM_FIELDS, type ProjectFormErrors, type ProjectFormView } from '../../pages/admin/project-form.js';
import { renderConfirmDeleteProjectPage, renderProjectFormPage, renderProjectsPage } from '../../pages/admin/render.js';
import type { MediaStore, RevisedProject } from '../../store/ports/index.js';
import { frameOf, seeOther, sendAdminHtml, signedIn, signInFirst, type AdminDeps } from '../admin/context.js';
import { renderProjectPage } from '../../pages/render.js';
import type { AppEnv } from '../env.js';

const NOTICES: Record<string, string> = {
  saved: 'The project was saved: the site shows it now.',
  'saved-draft': 'The draft was saved: only owners see it. Preview it from its page, and publish it when it is ready.',
  deleted: 'The project was deleted.',
  changed: 'The project was changed.',
  moved: 'The featured order was changed: the home page and the API show it now.',
};
const STALE = 'Someone changed this project after you opened the page. The list below is current: make your change again.';
/** An edit form based on an older version: it is shown again, with what was saved meanwhile under each field that differs. */
const CONFLICT = 'Someone changed this project after you opened it, so nothing was saved. Your version is below; under each field where the saved version differs, "Saved meanwhile" shows what it holds. Keep or take each value, then save again.';

function formInput(body: Record<string, unknown>): ProjectFormInput {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 25_000) : '');
  const values = Object.fromEntries(PROJECT_FORM_FIELDS.map((f) => [f, text(f)])) as Record<(typeof PROJECT_FORM_FIELDS)[number], string>;
  return { ...values, featured: body.featured === '1', published: body.published === '1', images: [] };
}

/** /admin/projects: list, create, edit, publish, feature and delete projects, each change conditional on the version shown. */
export function registerProjectRoutes(app: OpenAPIHono<AppEnv>, deps: AdminDeps & { editor: ProjectEditor; media: MediaStore; clock: Clock; uploadLimitBytes: number }): void {
  const { editor } = deps;
  const list = async (c: Context<AppEnv>, extra: { notice?: string; error?: string } = {}, status = 200) => {
    const order = await editor.featuredOrder();
    const projects = (await editor.list()).map((p) => ({ slug: p.slug, title: p.title, year: p.year, published: p.published_at !== null, featured: p.featured, featuredPlace: order.indexOf(p.slug) + 1, featuredCount: order.length, etag: projectEtag(p) }));
    // Featured projects first, in their order, so the move buttons read top to bottom.
    projects.sort((a, b) => (a.featuredPlace || Infinity) - (b.featuredPlace || Infinity));
    return sendAdminHtml(c, renderProjectsPage({ ...(await frameOf(c, deps)), current: 'projects', projects, ...extra }), status);
  };
  const form = async (c: Context<AppEnv>, editing: RevisedProject | null, values: ProjectFormInput, errors: ProjectFormErrors, status = 200, notice?: string, saved?: ProjectFormView['saved']) =>
    sendAdminHtml(c, renderProjectFormPage({ ...(await frameOf(c, deps)), editing: editing ? { slug: editing.slug, etag: projectEtag(editing) } : null, values, errors, notice, saved, uploadLimitBytes: deps.uploadLimitBytes }), status);
  // RFC 9110 §15.5.13 (412) for a form: the current version, the owner's values, what differs.
  const conflict = (c: Context<AppEnv>, current: RevisedProject, values: ProjectFormInput) => form(c, current, values, {}, 412, CONFLICT, savedDifferences(values, projectFormValues(current)));
  const slugOf = (c: Context<AppEnv>) => {
    const slug = c.req.param('slug') ?? '';
    if (slug.length > 80 || !SLUG_PATTERN.test(slug)) throw new NotFoundError('no such project');
    return slug;
  };
  const now = () => toRfc3339(deps.clock.now());

  app.get('/admin/projects', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    return list(c, { notice: NOTICES[c.req.query('done') ?? ''] });
  });

  const empty: ProjectFormInput = { slug: '', title: '', summary: '', description: '', client: '', industry: '', services: '', technologies: '', tags: '', year: '', url: '', featured: false, published: false, images: [] };
  app.get('/admin/projects/new', async (c) => (signedIn(c) ? form(c, null, empty, {}) : signInFirst(c)));

  const save = async (c: Context<AppEnv>, current: RevisedProject | null) => {
    const body = await c.req.parseBody();
    const images = await readFormImages(body, current?.images ?? [], { media: deps.media, nowMs: deps.clock.now() });
    const values = { ...formInput(body), images: images.rows };
    const based = current ? (typeof body.etag === 'string' && body.etag === projectEtag(current) ? current : null) : null;
    if (current && !based) return conflict(c, current, values);
    if (Object.keys(images.errors).length > 0) {
      // Every problem at once: the fields' too, not only once the images pass.
      const fields = projectFormErrors(editor.problems(projectEditFromForm(values, current, now()), current?.slug));
      return form(c, current, values, { ...fields, ...images.errors } as ProjectFormErrors, 422);
    }
    try {
      await editor.save(projectEditFromForm(values, current, now()), based, current?.slug);
    } catch (error) {
      if (error instanceof ValidationError) return form(c, current, values, projectFormErrors(error.errors ?? []) as ProjectFormErrors, 422);
      if (error instanceof PreconditionFailedError) {
        // Saved by someone else between the check above and this write: read what they saved.
        return current ? conflict(c, await editor.get(current.slug), values) : form(c, null, values, { slug: 'a project with this slug exists already' }, 422);
      }
      throw error;
    }
    // A draft is on no public page: the notice must not say the site shows it.
    return seeOther(c, `/admin/projects?done=${values.published ? 'saved' : 'saved-draft'}`);
  };
  app.post('/admin/projects/new', async (c) => (signedIn(c) ? save(c, null) : signInFirst(c)));

  app.get('/admin/projects/:slug', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const project = await editor.get(slugOf(c));
    return form(c, project, projectFormValues(project), {});
  });
  app.post('/admin/projects/:slug', async (c) => (signedIn(c) ? save(c, await editor.get(slugOf(c))) : signInFirst(c)));

  // The public page of a draft (or of the saved project) for its owner: never cached, never indexed.
  app.get('/admin/projects/:slug/preview', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const project = await editor.get(slugOf(c));
    const site = await deps.site();
    return sendAdminHtml(c, renderProjectPage(site, toApiProject(project, site.baseUrl, '/api/v1/projects', '/projects'), [], { published: project.published_at !== null }));
  });

  // Deleting cannot be undone: the list links here, and only this page's form deletes.
  app.get('/admin/projects/:slug/delete', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const p = await editor.get(slugOf(c));
    return sendAdminHtml(c, renderConfirmDeleteProjectPage({ ...(await frameOf(c, deps)), current: 'projects', project: { slug: p.slug, title: p.title, published: p.published_at !== null, etag: projectEtag(p) } }));
  });

  // Quick actions from the list: each carries the ETag of the row it was clicked on.
  const ACTIONS: Record<string, (p: RevisedProject) => Record<string, unknown>> = {
    publish: (p) => ({ published_at: p.published_at ?? now() }),
    unpublish: () => ({ published_at: null }),
    feature: () => ({ featured: true }),
    unfeature: () => ({ featured: false }),
  };
  // The featured order: the list's move up/down buttons (CSRF-checked forms, no script).
  app.post('/admin/projects/:slug/:direction{move-up|move-down}', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    try {
      await editor.moveFeatured(slugOf(c), c.req.param('direction') === 'move-up' ? 'up' : 'down');
    } catch (error) {
      if (error instanceof ValidationError) return list(c, { error: error.message }, 422);
      throw error;
    }
    return seeOther(c, '/admin/projects?done=moved');
  });
  app.post('/admin/projects/:slug/:action{publish|unpublish|feature|unfeature|delete}', async (c) => {
    if (!signedIn(c)) return signInFirst(c);
    const slug = slugOf(c);
    const action = c.req.param('action');
    const body = await c.req.parseBody();
    const etag = typeof body.etag === 'string' ? body.etag : '';
    try {
      if (action === 'delete') await editor.remove(slug, etag);
      else await editor.patch(slug, ACTIONS[action]!(await editor.get(slug)), etag);
    } catch (error) {
      if (error instanceof PreconditionFailedError) return list(c, { error: STALE }, 412);
      if (error instanceof ValidationError) return list(c, { error: error.message }, 422);
      throw error;
    }
    return seeOther(c, `/admin/projects?done=${action === 'delete' ? 'deleted' : 'changed'}`);
  });
}
