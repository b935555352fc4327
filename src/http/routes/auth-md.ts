import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';

/** GET /auth.md — the authentication walkthrough (seed §1). */
export function registerAuthMdRoute(app: OpenAPIHono<AppEnv>, oauth: OAuth, studioName: () => Promise<string>): void {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/auth.md',
    tags: ['Discovery'],
    operationId: 'getAuthGuide',
    summary: 'How to authenticate, step by step with curl (Markdown)',
    responses: { 200: { description: 'The walkthrough.', content: { 'text/markdown': { schema: { type: 'string' } } } } },
  });
  app.get('/auth.md', async (c) => c.body(oauth.authMd(await studioName()), 200, { 'content-type': 'text/markdown; charset=utf-8', 'cache-control': 'public, max-age=300' }));
}
