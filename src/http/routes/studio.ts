import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { cachedJson, type Cached } from '../../catalog/service.js';
import { NotFoundError } from '../../lib/errors.js';
import { toApiStudio, type ApiStudio } from '../../studio/api-studio.js';
import { StudioSchema as StudioWire } from '../../studio/schemas.js';
import type { StudioService } from '../../studio/service.js';
import type { StudioView } from '../../studio/view.js';
import type { AppEnv } from '../env.js';
import { BEARER_CHECKED } from '../openapi/declarations.js';
import { sendCached } from '../responses/cached-response.js';
import { sendText } from '../responses/html-response.js';
import { ifNoneMatchMatches } from '../../lib/etag.js';

const StudioSchema = StudioWire.openapi('Studio', { description: 'The studio behind the catalog: who it is, what it does, where, and how to reach it.' });
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StudioRouteOptions {
  studio: StudioService;
  path: string;
  operationId: string;
  tag: string;
}

/** GET /api/v1/studio (and the sandbox twin): the profile as data, cached per catalog version. */
export function registerStudioRoute(app: OpenAPIHono<AppEnv>, options: StudioRouteOptions): void {
  const representations = new WeakMap<StudioView, Cached<ApiStudio>>();
  app.openapi(
    createRoute({
      method: 'get',
      path: options.path,
      tags: [options.tag],
      ...BEARER_CHECKED,
      operationId: options.operationId,
      summary: 'Who the studio is, what it offers, where it is and how to reach it',
      responses: {
        200: { description: 'The studio profile.', content: { 'application/json': { schema: StudioSchema } }, headers: { ETag: { schema: { type: 'string' }, required: true } } },
        304: { description: 'Not modified (If-None-Match matched the ETag).' },
      },
    }),
    async (c) => {
      const view = await options.studio.current();
      let entry = representations.get(view);
      if (!entry) {
        entry = cachedJson(toApiStudio(view, c.get('baseUrl')));
        representations.set(view, entry);
      }
      return sendCached(c, entry, 'public, max-age=60') as never;
    },
  );
}

/** The accent stylesheet and the logo, at content-hashed URLs that never change meaning. */
export function registerStudioMedia(app: OpenAPIHono<AppEnv>, studio: StudioService): void {
  app.get('/media/:file{(studio|logo)-[A-Za-z0-9_-]+\\.[a-z]+}', async (c) => {
    const view = await studio.current();
    const path = c.req.path;
    if (path === view.css.path) return sendText(c, view.css.body, { contentType: 'text/css; charset=utf-8', cacheControl: IMMUTABLE });
    const logo = view.logo;
    if (!logo || path !== logo.path) throw new NotFoundError('no such file');
    const bytes = Buffer.from(logo.data, 'base64');
    const headers: Record<string, string> = { 'content-type': logo.content_type, 'cache-control': IMMUTABLE, etag: `"${logo.path.slice(12, 28)}"`, 'x-content-type-options': 'nosniff' };
    // An SVG opened directly is a document: no script, no plugins, no navigation.
    if (logo.content_type === 'image/svg+xml') headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    const etag = headers.etag!;
    if (ifNoneMatchMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, { etag, 'cache-control': IMMUTABLE });
    return c.body(new Uint8Array(bytes), 200, headers);
  });
}
