import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Fields every answer carries (security, CORS, framing): not part of any operation's contract. */
const GENERIC = /^(date|connection|keep-alive|content-type|content-length|cache-control|vary|x-.*|cross-origin-.*|access-control-.*|origin-agent-cluster|referrer-policy)$/;

/**
 * The OpenAPI document declares every header field an operation's 304 sends (RFC 9110 §15.4.5:
 * a 304 repeats fields of the 200 a cache updates its stored answer with, Link among them here).
 */
describe('OpenAPI: a 304 declares the fields it sends', () => {
  let server: TestServer;
  let doc: OpenApiDocument;
  before(async () => {
    server = await startTestServer();
    doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
  });
  after(async () => server.close());

  for (const [url, template] of [['/api/v1/projects?limit=1', '/api/v1/projects'], ['/api/v1/sandbox/projects?limit=1', '/api/v1/sandbox/projects'], ['/.well-known/api-catalog', '/.well-known/api-catalog']] as const) {
    it(`GET ${url}`, async () => {
      const first = await fetch(`${server.baseUrl}${url}`);
      await first.arrayBuffer();
      const res = await fetch(`${server.baseUrl}${url}`, { headers: { 'if-none-match': String(first.headers.get('etag')) } });
      assert.equal(res.status, 304);
      const notModified = doc.paths![template]!.get!.responses['304'] as { headers?: Record<string, unknown> };
      const declared = new Set(Object.keys(notModified.headers ?? {}).map((name) => name.toLowerCase()));
      const sent = [...res.headers.keys()].filter((name) => !GENERIC.test(name));
      assert.ok(sent.includes('link'), 'the 304 repeats Link');
      assert.deepEqual(sent.filter((name) => !declared.has(name)), []);
    });
  }
});
