import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { toAdminProject } from '../../catalog/admin-project.js';
import { sitePathsOfImages } from '../../catalog/api-project.js';
import { projectEditSchema, projectEtag, type ProjectEditor } from '../../catalog/editor.js';
import { ProjectSchema } from '../../catalog/schemas.js';
import { ifNoneMatchMatches } from '../../lib/etag.js';
import type { RevisedProject } from '../../store/ports/index.js';
import type { OwnerTokens } from '../../owner/owner-tokens.js';
import type { AppEnv } from '../env.js';
import { rejectNulInUploads } from '../middleware/no-nul.js';
import { ownerTokenAuth } from '../middleware/owner-auth.js';
import { problemResponse, unsupportedMediaTypeResponse } from '../openapi/schemas.js';
import { readJsonBody } from '../requests/json-body.js';

export const ADMIN_PROJECTS_PATH = '/api/v1/admin/projects';

const AdminProjectSchema = ProjectSchema.extend({ links: z.object({ self: z.string().url(), html: z.string().url() }) }).openapi('AdminProject', {
  description: 'A project as the owner sees it: published or not (`published_at` null). Its `ETag` names this version; send it back in `If-Match` to change it.',
});
const ProjectEditSchema = projectEditSchema.partial({ slug: true }).openapi('ProjectEdit', { description: 'Every editable field of a project; `slug` may be left out (the URL names it). Unknown fields are refused.' });
const OWNER_TOKEN = { security: [{ ownerToken: [] }] };
const slugParam = z.object({ slug: z.string().min(1).max(80).openapi({ param: { name: 'slug', in: 'path' } }) });
const etagHeader = { ETag: { required: true, schema: { type: 'string' as const }, description: 'The version of the project; send it in If-Match to change it.' } };
const ifNoneMatchHeader = z.string().optional().openapi({ description: 'RFC 9110 §13.1.2. On a read: the ETag you hold (304 while it is current). On a write: `*` to create only if the slug is free, or an ETag the change must not apply to (412).' });
const ifMatch = z.object({ 'if-match': z.string().optional().openapi({ description: 'The ETag of the version this change is based on (RFC 9110 §13.1.1).' }), 'if-none-match': ifNoneMatchHeader });
const unauthorized = problemResponse('No owner API token, or not a live one.');
const stale = problemResponse('The project changed since the version named in If-Match, or If-None-Match names it (`*`: it exists already): fetch it again and redo the change.');
const required = problemResponse('The project exists and the request has no If-Match (RFC 6585 §3): a write without it could silently undo someone else\'s.');

function send(c: Context<AppEnv>, project: RevisedProject, status: 200 | 201 = 200): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'cache-control': 'private, no-store', etag: projectEtag(project) };
  if (status === 201) headers.location = `${c.get('baseUrl')}${ADMIN_PROJECTS_PATH}/${project.slug}`;
  return c.newResponse(JSON.stringify(toAdminProject(project, c.get('baseUrl'))), status, headers);
}

/** /api/v1/admin/projects/{slug}: the owner's project edits for scripts, with ETag/If-Match so no update is lost. */
export function registerAdminProjectsApi(app: OpenAPIHono<AppEnv>, deps: { editor: ProjectEditor; tokens: OwnerTokens }): void {
  const { editor } = deps;
  app.use(ADMIN_PROJECTS_PATH, ownerTokenAuth(deps.tokens));
  app.use(`${ADMIN_PROJECTS_PATH}/*`, ownerTokenAuth(deps.tokens));
  app.use(`${ADMIN_PROJECTS_PATH}/*`, rejectNulInUploads);
  const path = `${ADMIN_PROJECTS_PATH}/{slug}`;
  const base = { tags: ['Admin'], ...OWNER_TOKEN };

  app.openAPIRegistry.registerPath({
    ...base,
    method: 'get',
    path: ADMIN_PROJECTS_PATH,
    operationId: 'listAdminProjects',
    summary: 'Every project, published or not, by slug',
    responses: { 200: { description: 'All projects.', content: { 'application/json': { schema: z.object({ data: z.array(AdminProjectSchema) }) } } }, 401: unauthorized },
  });
  app.get(ADMIN_PROJECTS_PATH, async (c) => {
    const all = await editor.list();
    return c.newResponse(JSON.stringify({ data: all.map((p) => toAdminProject(p, c.get('baseUrl'))) }), 200, { 'content-type': 'application/json', 'cache-control': 'private, no-store' });
  });

  app.openAPIRegistry.registerPath({
    ...base,
    method: 'get',
    path,
    operationId: 'getAdminProject',
    summary: 'Get one project, published or not, with its ETag',
    request: { params: slugParam, headers: z.object({ 'if-none-match': ifNoneMatchHeader }) },
    responses: { 200: { description: 'The project.', headers: etagHeader, content: { 'application/json': { schema: AdminProjectSchema } } }, 304: { description: 'Not modified: the ETag in If-None-Match is current.', headers: etagHeader }, 401: unauthorized, 404: problemResponse('No project has this slug.') },
  });
  app.get(`${ADMIN_PROJECTS_PATH}/:slug`, async (c) => {
    const project = await editor.get(c.req.param('slug'));
    const etag = projectEtag(project);
    // RFC 9110 §13.1.2 (weak comparison) and §15.4.5: a 304 repeats the validator.
    if (ifNoneMatchMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, { etag, 'cache-control': 'private, no-store' });
    return send(c, project);
  });

  app.openAPIRegistry.registerPath({
    ...base,
    method: 'put',
    path,
    operationId: 'putAdminProject',
    summary: 'Create a project (no If-Match), or replace it (If-Match: its ETag)',
    request: { params: slugParam, headers: ifMatch, body: { required: true, content: { 'application/json': { schema: ProjectEditSchema } } } },
    responses: {
      200: { description: 'Replaced.', headers: etagHeader, content: { 'application/json': { schema: AdminProjectSchema } } },
      201: { description: 'Created.', headers: { ...etagHeader, Location: { required: true, schema: { type: 'string' } } }, content: { 'application/json': { schema: AdminProjectSchema } } },
      400: problemResponse('A field is invalid; `errors` names each.'),
      401: unauthorized,
      412: stale,
      415: problemResponse('The body is not JSON.'),
      428: required,
    },
  });
  app.put(`${ADMIN_PROJECTS_PATH}/:slug`, async (c) => {
    const body = await readJsonBody(c, 'the project');
    if (!body.ok) return body.response;
    const { project, created } = await editor.put(c.req.param('slug'), sitePathsOfImages(body.value, c.get('baseUrl')), c.req.header('if-match'), c.req.header('if-none-match'));
    return send(c, project, created ? 201 : 200);
  });

  app.openAPIRegistry.registerPath({
    ...base,
    method: 'patch',
    path,
    operationId: 'patchAdminProject',
    summary: 'Change some fields (RFC 7396 JSON Merge Patch), e.g. publish: {"published_at": "2026-06-01T12:00:00Z"}',
    request: { params: slugParam, headers: ifMatch, body: { required: true, content: { 'application/merge-patch+json': { schema: z.object({}).passthrough() }, 'application/json': { schema: z.object({}).passthrough() } } } },
    responses: {
      200: { description: 'Changed.', headers: etagHeader, content: { 'application/json': { schema: AdminProjectSchema } } },
      400: problemResponse('A field is invalid; `errors` names each.'),
      401: unauthorized,
      404: problemResponse('No project has this slug.'),
      412: stale,
      415: unsupportedMediaTypeResponse('The body is not JSON.', 'Accept-Patch'),
      428: required,
    },
  });
  app.patch(`${ADMIN_PROJECTS_PATH}/:slug`, async (c) => {
    const body = await readJsonBody(c, 'a merge patch of the project');
    if (!body.ok) return body.response;
    return send(c, await editor.patch(c.req.param('slug'), sitePathsOfImages(body.value, c.get('baseUrl')), c.req.header('if-match'), c.req.header('if-none-match')));
  });

  app.openAPIRegistry.registerPath({
    ...base,
    method: 'delete',
    path,
    operationId: 'deleteAdminProject',
    summary: 'Delete a project (If-Match: its ETag)',
    request: { params: slugParam, headers: ifMatch },
    responses: { 204: { description: 'Deleted.' }, 401: unauthorized, 404: problemResponse('No project has this slug.'), 412: stale, 428: required },
  });
  app.delete(`${ADMIN_PROJECTS_PATH}/:slug`, async (c) => {
    await editor.remove(c.req.param('slug'), c.req.header('if-match'), c.req.header('if-none-match'));
    return c.body(null, 204, { 'cache-control': 'no-store' });
  });
}
