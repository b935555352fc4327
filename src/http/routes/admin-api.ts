import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Inbox, InboxEntry } from '../../inbox/inbox.js';
import { adminInquirySchema, statusChangeSchema, type AdminInquiry } from '../../inbox/schemas.js';
import { INQUIRY_STATUSES } from '../../model/inquiry.js';
import type { OwnerTokens } from '../../owner/owner-tokens.js';
import type { AppEnv } from '../env.js';
import { ownerTokenAuth } from '../middleware/owner-auth.js';
import { problemResponse, queryInteger, unsupportedMediaTypeResponse } from '../openapi/schemas.js';
import { readJsonBody } from '../requests/json-body.js';
import { invalidInput } from '../../lib/zod-errors.js';
import { PreconditionFailedError } from '../../lib/errors.js';

/** Every owner API path is under it: owner tokens, never the public bearers (app.ts). */
export const ADMIN_API_PREFIX = '/api/v1/admin/';
export const ADMIN_INQUIRIES_PATH = `${ADMIN_API_PREFIX}inquiries`;

const AdminInquirySchema = adminInquirySchema.openapi('AdminInquiry', { description: 'An inquiry as the studio\'s inbox holds it.' });
const AdminInquiryListSchema = z
  .object({ data: z.array(AdminInquirySchema), next_cursor: z.string().nullable() })
  .openapi('AdminInquiryList', { description: 'Newest first; follow `next_cursor` (or `Link: rel="next"`) for older ones.' });

const OWNER_TOKEN = { security: [{ ownerToken: [] }] };
const unauthorized = {
  description: 'No owner API token, or not a live one (public access tokens and API keys do not open the admin API).',
  headers: { 'WWW-Authenticate': { required: true, schema: { type: 'string' as const, example: 'Bearer realm="vitrine admin", error="invalid_token"' } } },
  content: problemResponse('').content,
};
const ifMatchHeader = z.object({ 'if-match': z.string().optional().openapi({ description: 'RFC 9110 §13.1.1: an inquiry carries no ETag, so only `*` (it exists) holds; any entity tag is a 412.' }) });
const preconditionFailed = problemResponse('If-Match named an entity tag: an inquiry has none, so the change was not made.');
const idParam = z.object({ id: z.string().min(1).max(80).openapi({ param: { name: 'id', in: 'path' } }) });
const listQuery = z
  .object({
    status: z.enum(INQUIRY_STATUSES).optional(),
    q: z.string().max(200).optional().openapi({ description: 'Text to find in name, email, company and message, or an inquiry id (the reference its sender was given, `inq_…`), which finds that inquiry.' }),
    cursor: z.string().max(512).optional(),
    limit: queryInteger(1, 100).default(25),
  })
  .strict();

function representation(entry: InboxEntry, baseUrl: string): AdminInquiry {
  const { credential: _c, identity_type: _i, subject: _s, ...rest } = entry;
  return { ...rest, links: { self: `${baseUrl}${ADMIN_INQUIRIES_PATH}/${entry.id}`, inbox: `${baseUrl}/admin/inquiries/${entry.id}` } };
}

const json = (c: Context<AppEnv>, body: unknown, status: 200 = 200, headers: Record<string, string> = {}) =>
  c.newResponse(JSON.stringify(body), status, { 'content-type': 'application/json', 'cache-control': 'private, no-store', ...headers });

/** /api/v1/admin/inquiries: the inbox for scripts, with owner API tokens (never in auth.md, llms.txt or MCP). */
export function registerAdminApi(app: OpenAPIHono<AppEnv>, deps: { inbox: Inbox; tokens: OwnerTokens }): void {
  const { inbox } = deps;
  app.use(`${ADMIN_INQUIRIES_PATH}`, ownerTokenAuth(deps.tokens));
  app.use(`${ADMIN_INQUIRIES_PATH}/*`, ownerTokenAuth(deps.tokens));

  app.openapi(
    createRoute({
      method: 'get',
      path: ADMIN_INQUIRIES_PATH,
      tags: ['Admin'],
      operationId: 'listAdminInquiries',
      summary: 'List inquiries, newest first, by status and text',
      ...OWNER_TOKEN,
      request: { query: listQuery },
      responses: {
        200: { description: 'A page of inquiries.', content: { 'application/json': { schema: AdminInquiryListSchema } }, headers: { Link: { schema: { type: 'string' } } } },
        401: unauthorized,
      },
    }),
    async (c) => {
      const { status, q, cursor, limit } = c.req.valid('query');
      const page = await inbox.list({ status, text: q?.trim() || undefined }, cursor, limit);
      const base = c.get('baseUrl');
      const headers: Record<string, string> = {};
      if (page.next_cursor) {
        const next = new URL(`${base}${ADMIN_INQUIRIES_PATH}`);
        for (const [k, v] of new URL(c.req.url).searchParams) if (k !== 'cursor') next.searchParams.append(k, v);
        next.searchParams.set('cursor', page.next_cursor);
        headers.link = `<${next.href}>; rel="next"`;
      }
      return json(c, { data: page.items.map((e) => representation(e, base)), next_cursor: page.next_cursor }, 200, headers) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${ADMIN_INQUIRIES_PATH}/{id}`,
      tags: ['Admin'],
      operationId: 'getAdminInquiry',
      summary: 'Get one inquiry',
      ...OWNER_TOKEN,
      request: { params: idParam },
      responses: {
        200: { description: 'The inquiry.', content: { 'application/json': { schema: AdminInquirySchema } } },
        401: unauthorized,
        404: problemResponse('No inquiry has this id.'),
      },
    }),
    async (c) => json(c, representation(await inbox.get(c.req.valid('param').id), c.get('baseUrl'))) as never,
  );

  app.openAPIRegistry.registerPath({
    method: 'patch',
    path: `${ADMIN_INQUIRIES_PATH}/{id}`,
    tags: ['Admin'],
    operationId: 'updateAdminInquiry',
    summary: 'Change an inquiry\'s status (new, read, replied, archived, spam)',
    ...OWNER_TOKEN,
    request: { params: idParam, headers: ifMatchHeader, body: { required: true, content: { 'application/json': { schema: statusChangeSchema.openapi('InquiryStatusChange', { description: 'The new status of an inquiry, e.g. {"status":"replied"}.' }) }, 'application/merge-patch+json': { schema: statusChangeSchema } } } },
    responses: {
      200: { description: 'The inquiry, changed.', content: { 'application/json': { schema: AdminInquirySchema } } },
      401: unauthorized,
      404: problemResponse('No inquiry has this id.'),
      412: preconditionFailed,
      415: unsupportedMediaTypeResponse('The body is not JSON.', 'Accept-Patch'),
    },
  });
  // RFC 9110 §13.1.1: If-Match is evaluated before the change; §13.2.1: after the 404.
  const requireMatch = async (c: Context<AppEnv>): Promise<void> => {
    const ifMatch = c.req.header('if-match');
    if (ifMatch === undefined || ifMatch.trim() === '*') return;
    await inbox.get(c.req.param('id')!);
    throw new PreconditionFailedError('If-Match names an entity tag, and an inquiry is sent without one, so none can match: send the request without If-Match (or with If-Match: *).');
  };

  app.patch(`${ADMIN_INQUIRIES_PATH}/:id`, async (c) => {
    await requireMatch(c);
    const body = await readJsonBody(c, 'the change, e.g. {"status":"replied"}');
    if (!body.ok) return body.response;
    const change = statusChangeSchema.safeParse(body.value);
    if (!change.success) throw invalidInput('The change', change.error, statusChangeSchema);
    return json(c, representation(await inbox.setStatus(c.req.param('id'), change.data.status), c.get('baseUrl')));
  });

  app.openAPIRegistry.registerPath({
    method: 'delete',
    path: `${ADMIN_INQUIRIES_PATH}/{id}`,
    tags: ['Admin'],
    operationId: 'deleteAdminInquiry',
    summary: 'Delete an inquiry for good, with its notifications (delivered or not) and idempotency records',
    ...OWNER_TOKEN,
    request: { params: idParam, headers: ifMatchHeader },
    responses: {
      204: { description: 'Deleted; nothing of it is kept.' },
      401: unauthorized,
      404: problemResponse('No inquiry has this id.'),
      412: preconditionFailed,
    },
  });
  app.delete(`${ADMIN_INQUIRIES_PATH}/:id`, async (c) => {
    await requireMatch(c);
    await inbox.erase(c.req.param('id'));
    return c.body(null, 204, { 'cache-control': 'no-store' });
  });
}
