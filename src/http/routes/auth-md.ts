import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OAuth } from '../../oauth/service.js';
import { representationOf, type Representation } from '../../lib/representation.js';
import type { AppEnv } from '../env.js';
import { keptHeaders, sendKept, type KeptHeaders } from '../responses/cached-response.js';
import { NOT_MODIFIED, VALIDATED } from './well-known.js';

/** GET /auth.md — the authentication walkthrough (seed §1). */
export function registerAuthMdRoute(app: OpenAPIHono<AppEnv>, oauth: OAuth, studioName: () => Promise<string>): void {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/auth.md',
    tags: ['Discovery'],
    operationId: 'getAuthGuide',
    summary: 'How to authenticate, step by step with curl (Markdown)',
    responses: { 200: { description: 'The walkthrough.', content: { 'text/markdown': { schema: { type: 'string' } } }, ...VALIDATED }, ...NOT_MODIFIED },
  });
  // Written once per studio name, with a strong ETag (RFC 9110 §8.8.3) a client revalidates.
  let kept: { name: string; page: Representation; headers: KeptHeaders } | undefined;
  app.get('/auth.md', async (c) => {
    const name = await studioName();
    if (kept?.name !== name) {
      const page = representationOf(oauth.authMd(name));
      kept = { name, page, headers: keptHeaders(page, 'text/markdown; charset=utf-8', 'public, max-age=300', {}) };
    }
    return sendKept(c, kept.page, kept.headers);
  });
}
