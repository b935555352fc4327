import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { HTTP_METHODS, isReference, type HeaderObject, type OpenApiDocument, type OperationObject, type ParameterObject, type Reference, type ResponseObject } from '../../src/http/openapi/types.js';
import { isNonApiPath } from '../helpers/contract.js';
import { DOC_BASE_URL, inProcessApp, type InProcessApp } from '../helpers/openapi.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Seed §1 discovery locations and §4 endpoints, docs/design.md §3 extras: each must be in the document. */
const PUBLIC_OPERATIONS = [
  'GET /api/v1/projects',
  'GET /api/v1/projects/{slug}',
  'GET /api/v1/facets',
  'GET /api/v1/sandbox/projects',
  'GET /api/v1/sandbox/projects/{slug}',
  'POST /api/v1/inquiries',
  'POST /api/v1/sandbox/inquiries',
  'GET /api/v1/keys',
  'POST /api/v1/keys',
  'POST /oauth/register',
  'POST /oauth/token',
  'POST /oauth/claim',
  'POST /oauth/revoke',
  'GET /.well-known/oauth-protected-resource',
  'GET /.well-known/oauth-authorization-server',
  'GET /openapi.json',
  'GET /auth.md',
  'POST /mcp',
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
];

/** Where a non-2xx is not an RFC 9457 problem: OAuth endpoints (RFC 6749 §5.2) and MCP's JSON-RPC errors. */
const NON_PROBLEM_ERRORS = (path: string) => path.startsWith('/oauth/') || path === '/mcp';

function* operations(doc: OpenApiDocument): Generator<[string, string, OperationObject]> {
  for (const [path, item] of Object.entries(doc.paths ?? {})) for (const method of HTTP_METHODS) if (item[method]) yield [method, path, item[method]];
}

function resolve<T>(doc: OpenApiDocument, value: T | Reference): T {
  if (!isReference(value)) return value;
  const [, kind, name] = value.$ref.split('/').slice(1);
  return (doc.components as Record<string, Record<string, unknown>>)[kind!]![name!] as T;
}

describe('GET /openapi.json: the generated OpenAPI 3.1 document (seed §4 item 6)', () => {
  let app: InProcessApp;
  let doc: OpenApiDocument;
  before(async () => {
    app = await inProcessApp({ IDEMPOTENCY_TTL_SECONDS: '7200' });
    doc = await app.document();
  });
  after(async () => app.close());

  it('is OpenAPI 3.1 with info from package.json and servers from PUBLIC_URL', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.title, 'Vitrine — portfolio catalog API', 'the (default) studio profile names the API');
    assert.equal(doc.info.version, pkg.version);
    assert.deepEqual(doc.info.license, { name: 'MIT', identifier: 'MIT' });
    assert.match(String(doc.info.description), /auth\.md/);
    assert.equal(doc.servers?.[0]?.url, DOC_BASE_URL);
  });

  it('documents every public API operation of the seed and docs/design.md §3', () => {
    const documented = new Set([...operations(doc)].map(([method, path]) => `${method.toUpperCase()} ${path}`));
    const missing = PUBLIC_OPERATIONS.filter((op) => !documented.has(op));
    assert.deepEqual(missing, []);
  });

  it('documents every route the app serves, except HTML pages and static files', () => {
    const documented = new Set([...operations(doc)].map(([method, path]) => `${method.toUpperCase()} ${path}`));
    const missing = new Set<string>();
    for (const route of app.vitrine.app.routes) {
      if (route.method === 'ALL' || route.method === 'OPTIONS' || route.path.includes('*')) continue;
      if (isNonApiPath(route.path)) continue;
      const path = route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
      const key = `${route.method} ${path}`;
      if (!documented.has(key)) missing.add(key);
    }
    assert.deepEqual([...missing], [], 'register these with createRoute/app.openapi or app.openAPIRegistry.registerPath');
  });

  it('declares the bearer and oauth2 client-credentials security schemes with the three scopes', () => {
    const schemes = doc.components?.securitySchemes as Record<string, Record<string, unknown>>;
    assert.deepEqual(schemes.bearer?.type, 'http');
    assert.deepEqual(schemes.bearer?.scheme, 'bearer');
    const flow = (schemes.oauth2?.flows as Record<string, { tokenUrl: string; scopes: Record<string, string> }>).clientCredentials!;
    assert.equal(flow.tokenUrl, `${DOC_BASE_URL}/oauth/token`);
    assert.deepEqual(Object.keys(flow.scopes).sort(), ['catalog:read', 'inquiries:write', 'sandbox:write']);
  });

  it('names the shared schemas as components, each with a description', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['Project', 'ProjectList', 'Facets', 'Problem', 'OAuthError', 'TokenResponse', 'ClientInformation', 'ApiKey']) assert.ok(schemas[name], `components.schemas.${name}`);
    const undescribed = Object.entries(schemas).filter(([, s]) => typeof s.description !== 'string' || s.description.length === 0).map(([name]) => name);
    assert.deepEqual(undescribed, []);
  });

  it('RFC 9457: every 4xx/5xx is application/problem+json (OAuth endpoints: RFC 6749 JSON; MCP: JSON-RPC; the authorization endpoint: an HTML page for the person)', () => {
    const wrong: string[] = [];
    for (const [method, path, operation] of operations(doc)) {
      for (const [status, value] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        const types = Object.keys(resolve<ResponseObject>(doc, value).content ?? {});
        const ok = types.length > 0 && (types.every((t) => t === 'application/problem+json') || (NON_PROBLEM_ERRORS(path) && types.includes('application/json')) || (path.startsWith('/oauth/') && types.includes('application/problem+json')) || (path === '/oauth/authorize' && types.every((t) => t === 'text/html' || t === 'application/problem+json')));
        if (!ok) wrong.push(`${method.toUpperCase()} ${path} ${status}: ${types.join(', ') || '(no body)'}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('OAuth endpoints document their 400 as the RFC 6749 §5.2 OAuthError', () => {
    for (const path of ['/oauth/register', '/oauth/token', '/oauth/claim', '/oauth/revoke']) {
      const response = resolve<ResponseObject>(doc, doc.paths![path]!.post!.responses['400']!);
      assert.deepEqual(response.content?.['application/json']?.schema, { $ref: '#/components/schemas/OAuthError' }, path);
    }
  });

  it('seed §7: every metered operation documents a 429 with Retry-After and the RateLimit fields, and RateLimit on its other responses', () => {
    for (const [method, path, operation] of operations(doc)) {
      if (path === '/healthz' || path === '/readyz' || path === '/metrics') {
        assert.equal(operation.responses['429'], undefined, `${path} is never metered`);
        continue;
      }
      const limited = resolve<ResponseObject>(doc, operation.responses['429']!);
      assert.ok(limited, `${method} ${path} 429`);
      for (const name of ['Retry-After', 'RateLimit', 'RateLimit-Policy']) assert.equal(resolve<HeaderObject>(doc, limited.headers![name]!).required, true, `${method} ${path} 429 ${name}`);
      const ok = resolve<ResponseObject>(doc, Object.entries(operation.responses).find(([s]) => s.startsWith('2'))![1]);
      assert.ok(ok.headers?.RateLimit && ok.headers['RateLimit-Policy'], `${method} ${path} 2xx RateLimit`);
    }
  });

  it('documents the 429 a sandbox rehearses (Sandbox-Scenario: rate_limited) even where nothing is metered', async () => {
    const unmetered = await inProcessApp({ RATE_LIMITS_ENABLED: 'false' });
    try {
      const plain = await unmetered.document();
      for (const [method, path] of [['post', '/api/v1/sandbox/inquiries'], ['post', '/mcp']] as const) {
        const limited = resolve<ResponseObject>(plain, plain.paths![path]![method]!.responses['429']!);
        assert.ok(limited, `${method} ${path} 429`);
        assert.ok(limited.headers?.['Sandbox-Scenario'], `${method} ${path}: the 429 is marked as a rehearsal`);
      }
      assert.equal(plain.paths!['/api/v1/inquiries']!.post!.responses['429'], undefined, 'the real path has no 429 when nothing meters it');
    } finally {
      await unmetered.close();
    }
  });

  it('POST /api/v1/keys documents its stricter Idempotency-Key (a replay hands the key out again): at least 16 characters', () => {
    const parameters = doc.paths!['/api/v1/keys']!.post!.parameters!.map((p) => resolve<ParameterObject>(doc, p)).filter((p) => p.name === 'Idempotency-Key');
    assert.equal(parameters.length, 1);
    assert.equal((parameters[0]!.schema as { minLength?: number }).minLength, 16);
    const inquiry = doc.paths!['/api/v1/inquiries']!.post!.parameters!.map((p) => resolve<ParameterObject>(doc, p)).find((p) => p.name === 'Idempotency-Key')!;
    assert.equal((inquiry.schema as { minLength?: number }).minLength, 1, 'other writes take 1–255 characters');
  });

  it('names every operation for a generated client: unique operationIds that say what they do (no numbered twins); sandbox summaries say sandbox', () => {
    const ids = [...operations(doc)].map(([, , operation]) => operation.operationId ?? '');
    assert.equal(new Set(ids).size, ids.length, 'unique');
    for (const id of ids) assert.match(id, /^[a-z][A-Za-z]*$/, id);
    for (const [, path, operation] of operations(doc)) if (path.startsWith('/api/v1/sandbox/projects')) assert.doesNotMatch(operation.summary ?? '', /published/, path);
  });

  it('RFC 9110 §15.4.5: every 304 documents the ETag it repeats; the facets document their ETag; every 401 its challenge', () => {
    for (const [method, path, operation] of operations(doc)) {
      const notModified = operation.responses['304'];
      if (notModified) assert.ok(resolve<ResponseObject>(doc, notModified).headers?.ETag, `${method} ${path} 304`);
      const unauthorized = operation.responses['401'];
      if (unauthorized && !path.startsWith('/oauth/') && !path.startsWith('/api/v1/admin') && path !== '/metrics') assert.ok(resolve<ResponseObject>(doc, unauthorized).headers?.['WWW-Authenticate'], `${method} ${path} 401`);
    }
    assert.ok(resolve<ResponseObject>(doc, doc.paths!['/api/v1/facets']!.get!.responses['200']!).headers?.ETag);
  });

  it('seed §4 items 3–5 and §5.3: POST writes take Idempotency-Key (retention published) and document the 401 challenge', () => {
    for (const path of ['/api/v1/inquiries', '/api/v1/sandbox/inquiries']) {
      const operation = doc.paths![path]!.post!;
      const key = (operation.parameters ?? []).map((p) => resolve<ParameterObject>(doc, p)).find((p) => p.name === 'Idempotency-Key');
      assert.ok(key, `${path} Idempotency-Key`);
      assert.equal(key.in, 'header');
      assert.equal(key.required, false);
      assert.match(key.description ?? '', /7200 seconds/);
      const unauthorized = resolve<ResponseObject>(doc, operation.responses['401']!);
      assert.ok(unauthorized.content?.['application/problem+json']);
      assert.equal(resolve<HeaderObject>(doc, unauthorized.headers!['WWW-Authenticate']!).required, true);
      // Optional bearer: an empty requirement comes first (anonymous writes are allowed).
      assert.deepEqual(operation.security?.[0], {});
      assert.ok(operation.security?.some((r) => 'bearer' in r));
      for (const status of ['409', '422', '429']) assert.ok(operation.responses[status], `${path} ${status}`);
    }
    assert.deepEqual(doc.paths!['/api/v1/sandbox/inquiries']!.post!.security?.find((r) => 'oauth2' in r), { oauth2: ['sandbox:write'] });
    assert.deepEqual(doc.paths!['/api/v1/inquiries']!.post!.security?.find((r) => 'oauth2' in r), { oauth2: ['inquiries:write'] });
  });

  it('is built once per process and served with a strong ETag; If-None-Match gives 304', async () => {
    const first = await app.vitrine.fetch(new Request(`${DOC_BASE_URL}/openapi.json`));
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[A-Za-z0-9_-]+"$/);
    assert.equal(first.headers.get('content-type'), 'application/json');
    const again = await app.vitrine.fetch(new Request(`${DOC_BASE_URL}/openapi.json`));
    assert.equal(await again.text(), await first.text());
    assert.equal(again.headers.get('etag'), etag);
    const conditional = await app.vitrine.fetch(new Request(`${DOC_BASE_URL}/openapi.json`, { headers: { 'if-none-match': etag! } }));
    assert.equal(conditional.status, 304);
    assert.equal(await conditional.text(), '');
  });
});
