import fc from 'fast-check';
import type { OpenApiDocument, OperationObject, ParameterObject } from '../../src/http/openapi/types.js';
import { isReference } from '../../src/http/openapi/types.js';
import { schemaArbitrary } from './schema-arbitrary.js';

/** One request the fuzzer sends: raw enough for bytes that are not UTF-8 and repeated names. */
export interface FuzzRequest {
  /** operation, e.g. `POST /api/v1/inquiries`, or a hostile case's name */
  label: string;
  method: string;
  /** path and query, already encoded (or deliberately mis-encoded) */
  target: string;
  headers: [string, string][];
  body?: Buffer;
  /** send the body in small pieces this many milliseconds apart */
  slowMs?: number;
}

interface Operation {
  method: string;
  template: string;
  query: ParameterObject[];
  pathParams: string[];
  contentTypes: string[];
  bodySchema: unknown;
}

const printable = fc.string({ minLength: 1, maxLength: 40, unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });
const WRONG_TYPES = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'application/jsonx', ''];

function operations(doc: OpenApiDocument): Operation[] {
  const resolve = (ref: string) => ref.replace(/^#\//, '').split('/').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const found: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      const params = (op.parameters ?? []).map((p) => (isReference(p) ? (resolve(p.$ref) as ParameterObject) : p));
      const body = op.requestBody && !isReference(op.requestBody) ? op.requestBody : undefined;
      const content = (body?.content ?? {}) as Record<string, { schema?: unknown }>;
      found.push({
        method: method.toUpperCase(),
        template,
        query: params.filter((p) => p.in === 'query'),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        contentTypes: Object.keys(content),
        bodySchema: Object.values(content)[0]?.schema,
      });
    }
  }
  return found;
}

/** Requests generated from every operation of `doc`: mostly well-formed, often subtly not. */
export function requestArbitrary(doc: OpenApiDocument, slugs: string[]): fc.Arbitrary<FuzzRequest> {
  const resolve = (ref: string) => ref.replace(/^#\//, '').split('/').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const perOperation = operations(doc).map((op) => {
    const pathValue = fc.oneof(fc.constantFrom(...slugs, 'inq_0000000000000000'), fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent), fc.constantFrom('%ff', '..%2f..%2fetc', '%00', 'a'.repeat(2000)));
    const queryEntry = fc.oneof(
      ...op.query.map((p) => fc.tuple(fc.constant(p.name), fc.oneof(schemaArbitrary(p.schema, resolve).map(String), fc.string({ maxLength: 20 })))),
      fc.tuple(fc.constantFrom('unknown', 'q', 'limit', 'cursor', 'tag[]'), fc.string({ maxLength: 20 })),
    );
    const body = fc.oneof(
      { weight: 5, arbitrary: schemaArbitrary(op.bodySchema, resolve).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v))) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => Buffer.from(s)) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 60 }).map((b) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(b), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')])) },
    );
    const form = schemaArbitrary(op.bodySchema, resolve).map((v) => Buffer.from(new URLSearchParams(Object.entries((v ?? {}) as Record<string, unknown>).map(([k, x]) => [k, String(x)])).toString()));
    return fc
      .record({
        values: fc.array(pathValue, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
        query: fc.array(queryEntry, { maxLength: 4 }),
        contentType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...(op.contentTypes.length > 0 ? op.contentTypes : ['application/json'])) }, { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) }),
        body: op.contentTypes.includes('application/x-www-form-urlencoded') ? fc.oneof(form, body) : body,
        bearer: fc.option(fc.oneof(printable.map((t) => `Bearer ${t}`), printable, fc.constant('Basic dXNlcjpwYXNz')), { freq: 3 }),
        key: fc.option(printable, { freq: 2 }),
        scenario: fc.option(fc.constantFrom('rate_limited', 'invalid_token', 'server_error', 'conflict', 'validation_error', 'nonsense'), { freq: 8 }),
      })
      .map(({ values, query, contentType, body, bearer, key, scenario }): FuzzRequest => {
        let i = 0;
        const path = op.template.replace(/\{[^}]+\}/g, () => values[i++] ?? 'x');
        const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        const headers: [string, string][] = [['accept', 'application/json, text/event-stream']];
        if (bearer !== null) headers.push(['authorization', bearer]);
        if (key !== null) headers.push(['idempotency-key', key]);
        if (scenario !== null) headers.push(['sandbox-scenario', scenario]);
        const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
        if (hasBody && contentType !== '') headers.push(['content-type', contentType]);
        return { label: `${op.method} ${op.template}`, method: op.method, target: search ? `${path}?${search}` : path, headers, ...(hasBody ? { body } : {}) };
      });
  });
  return fc.oneof(...perOperation);
}

const inquiryJson = JSON.stringify({ name: 'Fuzz', email: 'fuzz@example.com', message: 'A hostile but well-formed inquiry.' });

/** Hand-made hostile requests, each sent a few times per run. */
export function hostileRequests(slug: string): FuzzRequest[] {
  const json: [string, string] = ['content-type', 'application/json'];
  const post = (label: string, target: string, headers: [string, string][], body: Buffer, slowMs?: number): FuzzRequest => ({ label, method: 'POST', target, headers, body, ...(slowMs ? { slowMs } : {}) });
  const deep = (n: number) => Buffer.from('['.repeat(n) + ']'.repeat(n));
  return [
    post('deep JSON array (20,000 levels) as an inquiry', '/api/v1/inquiries', [json, ['idempotency-key', 'deep-1']], deep(20_000)),
    post('deep JSON object (10,000 levels) to the sandbox', '/api/v1/sandbox/inquiries', [json, ['idempotency-key', 'deep-2']], Buffer.from('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000))),
    post('deep JSON to MCP', '/mcp', [json, ['accept', 'application/json, text/event-stream']], deep(20_000)),
    post('deep JSON to register', '/oauth/register', [json], deep(20_000)),
    post('invalid UTF-8 in a JSON body', '/api/v1/inquiries', [json], Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('","email":"a@b.co","message":"0123456789 x"}')])),
    post('invalid UTF-8 in a form body', '/oauth/token', [['content-type', 'application/x-www-form-urlencoded']], Buffer.from([0x67, 0x72, 0x61, 0x6e, 0x74, 0x5f, 0x74, 0x79, 0x70, 0x65, 0x3d, 0xff, 0xfe])),
    post('JSON body without a content type', '/api/v1/inquiries', [], Buffer.from(inquiryJson)),
    post('JSON body as text/plain', '/api/v1/inquiries', [['content-type', 'text/plain']], Buffer.from(inquiryJson)),
    post('form body to a JSON endpoint', '/oauth/register', [['content-type', 'application/x-www-form-urlencoded']], Buffer.from('client_name=x')),
    post('JSON to the form-only token endpoint', '/oauth/token', [json], Buffer.from('{"grant_type":"client_credentials"}')),
    post('a body over the limit (70 KB)', '/api/v1/inquiries', [json], Buffer.alloc(70_000, 0x20)),
    post('a body that arrives slowly', '/api/v1/sandbox/inquiries', [json, ['idempotency-key', 'slow-1']], Buffer.from(inquiryJson), 40),
    post('a big header (12 KB)', '/api/v1/sandbox/inquiries', [json, ['x-filler', 'f'.repeat(12_000)]], Buffer.from(inquiryJson)),
    post('an Idempotency-Key of 300 characters', '/api/v1/sandbox/inquiries', [json, ['idempotency-key', 'k'.repeat(300)]], Buffer.from(inquiryJson)),
    { label: 'duplicate query parameters', method: 'GET', target: '/api/v1/projects?limit=2&limit=3&q=a&q=b&sort=title&sort=-year', headers: [] },
    { label: 'invalid percent-encoding in the query', method: 'GET', target: '/api/v1/projects?q=%ff%fe&tag=%E0%A4%A', headers: [] },
    { label: 'invalid percent-encoding in the path', method: 'GET', target: '/api/v1/projects/%c3%28', headers: [] },
    { label: 'a tampered cursor', method: 'GET', target: '/api/v1/projects?cursor=eyJ4IjoxfQ', headers: [] },
    { label: 'two Authorization headers', method: 'GET', target: `/api/v1/projects/${slug}`, headers: [['authorization', 'Bearer a'], ['authorization', 'Bearer b']] },
    { label: 'a huge limit and a negative year', method: 'GET', target: '/api/v1/projects?limit=99999999999999999999&year=-1', headers: [] },
  ];
}
