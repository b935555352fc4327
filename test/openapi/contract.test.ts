import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { ProblemSchema, problemResponse } from '../../src/http/openapi/schemas.js';
import { ContractChecker } from '../helpers/contract.js';
import { startTestServer } from '../helpers/server.js';

const WidgetSchema = z.object({ id: z.string(), name: z.string() }).openapi('Widget');

/** A fresh app whose one handler can misbehave on request, so each kind of drift can be produced. */
function driftingApp() {
  const app = new OpenAPIHono();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/widgets/{id}',
      request: { params: z.object({ id: z.string() }) },
      responses: {
        200: { description: 'A widget.', headers: { ETag: { required: true, schema: { type: 'string' } } }, content: { 'application/json': { schema: WidgetSchema } } },
        304: { description: 'Not modified.' },
        404: problemResponse('No such widget.'),
      },
    }),
    ((c: import('hono').Context) => {
      const id = c.req.param('id');
      const json = (body: unknown, status = 200, headers: Record<string, string> = { etag: '"1"' }) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers } });
      switch (id) {
        case 'extra':
          return json({ id, name: 'Widget', internal_cost: 12 });
        case 'teapot':
          return json({ type: 'about:blank', title: 'Teapot', status: 418, detail: 'short and stout', instance: '/', error: 'teapot' }, 418);
        case 'no-etag':
          return json({ id, name: 'Widget' }, 200, {});
        case 'wrong-type':
          return json({ id, name: 42 });
        case 'as-text':
          return new Response('id=as-text', { headers: { 'content-type': 'text/plain', etag: '"1"' } });
        case 'missing':
          return json({ type: 'https://x.example/problems/not-found', title: 'Not found', status: 404, detail: 'no widget', instance: '/x', error: 'not_found', hint: 'extension member' }, 404);
        case 'cached':
          return new Response(null, { status: 304, headers: { etag: '"1"' } });
        default:
          return json({ id, name: 'Widget' });
      }
    }) as never,
  );
  app.get('/api/v1/undocumented', (c) => c.json({ ok: true }));
  app.get('/docs/page', (c) => c.html('<p>not API</p>'));
  app.openAPIRegistry.register('Problem', ProblemSchema);
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }) as unknown as OpenApiDocument;
  const checker = new ContractChecker(doc);
  const check = async (path: string, method = 'GET') => {
    const response = await app.request(path, { method });
    return checker.check({ method, path, status: response.status, headers: response.headers, body: method === 'HEAD' ? null : await response.text() });
  };
  return { app, check };
}

describe('contract check: responses are compared with the OpenAPI document', () => {
  const { check } = driftingApp();

  it('accepts a response that matches its documented status, schema and headers', async () => {
    assert.deepEqual(await check('/api/v1/widgets/w1'), []);
    assert.deepEqual(await check('/api/v1/widgets/cached'), [], '304 has no body');
    assert.deepEqual(await check('/api/v1/widgets/w1', 'HEAD'), []);
  });

  it('reports a field the schema does not document (deliberate drift)', async () => {
    const violations = await check('/api/v1/widgets/extra');
    assert.equal(violations.length, 1, violations.join('\n'));
    assert.match(violations[0]!, /GET \/api\/v1\/widgets\/extra → 200: .*undocumented field "internal_cost"/);
  });

  it('reports a status the operation does not document', async () => {
    const violations = await check('/api/v1/widgets/teapot');
    assert.match(violations.join('\n'), /status 418 is not documented for GET \/api\/v1\/widgets\/\{id\}/);
  });

  it('reports a missing required header, a wrong field type and an undocumented content type', async () => {
    assert.match((await check('/api/v1/widgets/no-etag')).join('\n'), /required header ETag is missing/);
    assert.match((await check('/api/v1/widgets/wrong-type')).join('\n'), /body\/name must be string/);
    assert.match((await check('/api/v1/widgets/as-text')).join('\n'), /content type text\/plain is not documented/);
  });

  it('RFC 9457 §3.2: lets problem documents carry extension members', async () => {
    assert.deepEqual(await check('/api/v1/widgets/missing'), []);
  });

  it('reports an API path missing from the document, and skips non-API pages', async () => {
    assert.match((await check('/api/v1/undocumented')).join('\n'), /path is not in the OpenAPI document/);
    assert.deepEqual(await check('/docs/page'), []);
  });

  it('closes a schema that others extend with allOf wherever it is used on its own', async () => {
    const app = new OpenAPIHono();
    const Base = z.object({ id: z.string() }).openapi('Base');
    const Extended = Base.extend({ status: z.literal('received') }).openapi('Extended');
    const route = (path: string, schema: z.ZodType) =>
      createRoute({ method: 'get', path, responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } });
    app.openapi(route('/api/v1/base', Base), ((c: import('hono').Context) => c.json({ id: 'b', leaked: true })) as never);
    app.openapi(route('/api/v1/extended', Extended), ((c: import('hono').Context) => c.json({ id: 'e', status: 'received' })) as never);
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }) as unknown as OpenApiDocument;
    assert.ok(JSON.stringify(doc.components?.schemas?.Extended).includes('allOf'), 'the generator extends by allOf');
    const checker = new ContractChecker(doc);
    const run = async (path: string) => {
      const response = await app.request(path);
      return checker.check({ method: 'GET', path, status: response.status, headers: response.headers, body: await response.text() });
    };
    assert.deepEqual(await run('/api/v1/extended'), []);
    assert.match((await run('/api/v1/base')).join('\n'), /undocumented field "leaked"/);
  });

  it('accepts the fallback 404 problem for paths nothing serves', async () => {
    const app = new OpenAPIHono();
    app.notFound((c) => c.json({ type: 'https://x.example/problems/not-found', title: 'Not found', status: 404, detail: 'nothing', instance: c.req.path, error: 'not_found' }, 404, { 'content-type': 'application/problem+json' }));
    app.openAPIRegistry.register('Problem', ProblemSchema);
    const checker = new ContractChecker(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }) as unknown as OpenApiDocument);
    const response = await app.request('/api/v1/nothing');
    assert.deepEqual(checker.check({ method: 'GET', path: '/api/v1/nothing', status: 404, headers: response.headers, body: await response.text() }), []);
  });
});

describe('contract check hooked into startTestServer: close() fails the test that produced drift', () => {
  it('rejects close() with the undocumented field a real handler returned', async () => {
    const server = await startTestServer({ demo: false });
    // Registered before the first request, so the generated document includes it.
    server.vitrine.app.openapi(
      createRoute({
        method: 'get',
        path: '/api/v1/drift',
        responses: { 200: { description: 'Documented without `secret`.', content: { 'application/json': { schema: z.object({ id: z.string() }) } } } },
      }),
      (c) => c.json({ id: 'd1', secret: 'leaked' } as { id: string }, 200),
    );
    const res = await fetch(`${server.baseUrl}/api/v1/drift`);
    assert.equal(res.status, 200);
    await assert.rejects(server.close(), /drifted from \/openapi\.json[\s\S]*undocumented field "secret"/);
  });

  it('rejects close() when an API path is served but not documented at all', async () => {
    const server = await startTestServer({ demo: false });
    server.vitrine.app.get('/api/v1/hidden', (c) => c.json({ ok: true }));
    await (await fetch(`${server.baseUrl}/api/v1/hidden`)).text();
    await assert.rejects(server.close(), /GET \/api\/v1\/hidden → 200: path is not in the OpenAPI document/);
  });

  it('closes cleanly when every response matched', async () => {
    const server = await startTestServer({ demo: false });
    await (await fetch(`${server.baseUrl}/api/v1/projects`)).text();
    await (await fetch(`${server.baseUrl}/api/v1/nothing-here`)).text();
    await server.close();
  });
});
