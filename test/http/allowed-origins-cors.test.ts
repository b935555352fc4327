import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { allowedOriginsCors } from '../../src/http/middleware/allowed-origins-cors.js';
import { finishResponseHeaders, respondWith } from '../../src/http/responses/response-headers.js';

const ALLOWED = new Set(['https://app.example', 'https://inspector.example']);
const OPTIONS = { allowMethods: ['POST'], exposeHeaders: ['WWW-Authenticate', 'X-Request-Id'], maxAge: 600 };

/** The same routes behind Hono's cors (as /mcp had it) or behind allowedOriginsCors. */
function appWith(corsMiddleware: MiddlewareHandler): Hono {
  const app = new Hono();
  // What the request-context middleware does for every answer: apply the contributions.
  app.use(async (c, next) => {
    await next();
    finishResponseHeaders(c);
  });
  app.use('/x', corsMiddleware);
  app.post('/x', async (c) => {
    const kind = c.req.query('kind');
    if (kind === 'whole') return respondWith(c, '{"ok":true}', 200, { 'content-type': 'application/json' });
    if (kind === 'raw') return new Response('{"ok":true}', { status: 201, headers: { 'content-type': 'application/json', 'access-control-expose-headers': 'Mine' } });
    if (kind === 'throw') throw new Error('boom');
    return c.json({ ok: true }, 400);
  });
  app.all('/x', (c) => c.text('no', 405, { allow: 'POST, OPTIONS' }));
  app.onError((_error, c) => c.json({ error: true }, 500));
  return app;
}

const before = appWith(cors({ origin: (origin) => (ALLOWED.has(origin) ? origin : null), credentials: false, ...OPTIONS }));
const after = appWith(allowedOriginsCors({ allowed: ALLOWED, ...OPTIONS }));

async function answer(app: Hono, request: Request): Promise<{ status: number; headers: [string, string][]; body: string }> {
  const res = await app.fetch(request);
  return { status: res.status, headers: [...res.headers].sort(), body: await res.text() };
}

describe('allowedOriginsCors: the same answers as Hono\'s cors with an allow-list', () => {
  it('sets the same fields on every kind of answer, for allowed, other and absent Origins, and on preflights', async () => {
    let compared = 0;
    for (const origin of [undefined, 'https://app.example', 'https://inspector.example', 'https://evil.example', '']) {
      for (const [method, kind] of [['POST', 'whole'], ['POST', 'raw'], ['POST', 'json'], ['POST', 'throw'], ['GET', ''], ['DELETE', ''], ['OPTIONS', '']]) {
        const headers: Record<string, string> = origin === undefined ? {} : { origin };
        if (method === 'OPTIONS') Object.assign(headers, { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' });
        const make = () => new Request(`http://localhost/x?kind=${kind}`, { method, headers });
        const [was, is] = [await answer(before, make()), await answer(after, make())];
        assert.deepEqual(is, was, `${method} ${kind} with Origin ${JSON.stringify(origin)}`);
        if (origin === 'https://app.example') assert.ok(is.headers.some(([name, value]) => name === 'access-control-allow-origin' && value === origin), 'the allowed origin is named');
        compared += 1;
      }
    }
    assert.equal(compared, 35);
  });
});
