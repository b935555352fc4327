import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { preferredCoding } from '../../src/http/requests/accept-encoding.js';
import { encodeKept, isCompressible, keptEncoding } from '../../src/lib/content-coding.js';
import { codedEtag, ifMatchMatches, ifNoneMatchForm } from '../../src/lib/etag.js';
import { countedListener, type Counted } from '../helpers/counted-lane.js';
import { ownerApiToken } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// RFC 9110 §8.4 content codings, §12.5.3 Accept-Encoding, §8.8.3 validators per coding. Over
// real HTTP with node:http, which (unlike fetch) neither asks for a coding nor decodes one, so
// each test sees the bytes on the wire.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decode(answer: Raw): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  assert.equal(coding, undefined);
  return answer.body;
}

describe('Accept-Encoding (RFC 9110 §12.5.3)', () => {
  it('picks the coding the client weighs highest, br on a tie, none when it accepts none of ours', () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['', undefined],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['GZIP;Q=1', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip;q=0.1', 'gzip'],
      ['gzip;q=0', undefined],
      ['deflate', undefined],
      ['identity', undefined],
      ['identity, gzip;q=0.5', undefined],
      ['identity;q=0.1, gzip;q=0.5', 'gzip'],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['*;q=0', undefined],
      ['gzip;q=2', undefined],
      ['gzip;q=0.0001', undefined],
      [' , gzip ,', 'gzip'],
    ];
    for (const [header, expected] of cases) assert.equal(preferredCoding(header), expected, JSON.stringify(header));
  });

  it('names each encoded form by its own strong validator, and matches it in If-None-Match and If-Match', () => {
    assert.equal(codedEtag('"abc"', 'br'), '"abc-br"');
    assert.equal(codedEtag('"abc"', 'gzip'), '"abc-gzip"');
    assert.equal(ifNoneMatchForm('"abc-br"', '"abc"'), 'br');
    assert.equal(ifNoneMatchForm('W/"abc-gzip", "x"', '"abc"'), 'gzip');
    assert.equal(ifNoneMatchForm('"abc"', '"abc"'), 'identity');
    assert.equal(ifNoneMatchForm('*', '"abc"'), 'identity');
    assert.equal(ifNoneMatchForm('"abc-deflate"', '"abc"'), undefined);
    assert.equal(ifNoneMatchForm('"ab-br"', '"abc"'), undefined);
    // A tag that happens to end like an encoded form is still itself.
    assert.equal(ifNoneMatchForm('"abc-br"', '"abc-br"'), 'identity');
    assert.ok(ifMatchMatches('"x", "abc"', '"abc"'));
    assert.ok(ifMatchMatches('*', '"abc"'));
    assert.ok(!ifMatchMatches('W/"abc"', '"abc"'), 'If-Match uses the strong comparison (§13.1.1)');
    assert.ok(!ifMatchMatches('W/"abc-br"', '"abc"'));
    assert.ok(!ifMatchMatches('"abd"', '"abc"'));
    assert.ok(!ifMatchMatches(undefined, '"abc"'));
  });

  it('encodes text formats of 1 KiB or more, never an event stream (it is never buffered) or an image', () => {
    for (const type of ['application/json', 'application/problem+json', 'application/merge-patch+json', 'text/html; charset=utf-8', 'text/markdown; charset=utf-8', 'text/css', 'text/javascript; charset=utf-8', 'image/svg+xml', 'application/xml', 'application/yaml']) {
      assert.ok(isCompressible(type, 1024), type);
      assert.ok(!isCompressible(type, 1023), `${type}, 1023 bytes`);
    }
    for (const type of ['text/event-stream', 'image/png', 'image/avif', 'application/octet-stream', 'application/zip', 'application/jsonx', null]) assert.ok(!isCompressible(type, 100_000), String(type));
  });

  it('encodes a kept answer once: concurrent first uses share one compression, later ones get the same bytes', async () => {
    const bytes = new TextEncoder().encode('{"data":[' + '{"slug":"a-project","title":"A project"},'.repeat(200) + '{}]}');
    assert.equal(keptEncoding(bytes, 'br'), undefined);
    const [a, b] = await Promise.all([encodeKept(bytes, 'br'), encodeKept(bytes, 'br')]);
    assert.ok(a !== null && a === b);
    assert.equal(keptEncoding(bytes, 'br'), a);
    assert.equal(await encodeKept(bytes, 'br'), a);
    assert.ok(brotliDecompressSync(a).equals(Buffer.from(bytes)));
    // Random bytes do not shrink: kept as "not worth it", sent as they are.
    const noise = new Uint8Array(randomBytes(4096));
    assert.equal(await encodeKept(noise, 'gzip'), null);
    assert.equal(keptEncoding(noise, 'gzip'), null);
  });
});

describe('encoded answers over HTTP (RFC 9110 §8.4)', () => {
  let server: TestServer;
  let counted: Counted;
  const OWNER = 'owner@studio.example';

  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    counted = await countedListener(server);
  });
  after(async () => {
    await new Promise<void>((resolve) => counted.server.close(() => resolve()));
    await server?.close();
  });

  const TEXTS = ['/api/v1/projects', '/openapi.json', '/', '/llms-full.txt', '/assets/site.css', '/docs/assets/swagger-ui-bundle.js', '/auth.md'];

  it('sends the same content in br or gzip, with its own length, validator and Vary, and as it is without Accept-Encoding', async () => {
    for (const path of TEXTS) {
      const plain = await raw(server.baseUrl, path);
      assert.equal(plain.status, 200, path);
      assert.equal(plain.headers['content-encoding'], undefined, path);
      assert.equal(Number(plain.headers['content-length']), plain.body.length, path);
      for (const [accept, coding] of [['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['br;q=0.2, gzip;q=0.8', 'gzip']] as const) {
        const encoded = await raw(server.baseUrl, path, { 'accept-encoding': accept });
        assert.equal(encoded.status, 200, `${path} ${accept}`);
        assert.equal(encoded.headers['content-encoding'], coding, `${path} ${accept}`);
        assert.equal(Number(encoded.headers['content-length']), encoded.body.length, `${path} ${accept}`);
        assert.ok(encoded.body.length < plain.body.length / 2, `${path} ${accept}: ${encoded.body.length} of ${plain.body.length} bytes`);
        assert.ok(decode(encoded).equals(plain.body), `${path} ${accept}: decodes to the plain bytes`);
        assert.match(String(encoded.headers.vary), /\bAccept-Encoding\b/, path);
        if (plain.headers.etag !== undefined) assert.equal(encoded.headers.etag, codedEtag(String(plain.headers.etag), coding), `${path} ${accept}`);
        assert.equal(encoded.headers['content-type'], plain.headers['content-type'], path);
      }
      const refused = await raw(server.baseUrl, path, { 'accept-encoding': 'identity, gzip;q=0.5' });
      assert.equal(refused.headers['content-encoding'], undefined, `${path}: identity ranked first`);
      assert.ok(refused.body.equals(plain.body), path);
    }
  });

  it('tells caches a kept text varies by Accept-Encoding even when sent as it is', async () => {
    for (const path of ['/api/v1/projects', '/assets/site.css', '/docs/assets/swagger-ui-bundle.js', '/openapi.json']) {
      assert.match(String((await raw(server.baseUrl, path)).headers.vary), /\bAccept-Encoding\b/, path);
    }
  });

  it('sends images, small answers and errors as they are', async () => {
    for (const path of ['/docs/assets/favicon-32x32.png', '/healthz', '/api/v1/projects?limit=0', '/nowhere']) {
      const answer = await raw(server.baseUrl, path, { 'accept-encoding': 'gzip, br' });
      assert.equal(answer.headers['content-encoding'], undefined, `${path} (${answer.status})`);
    }
  });

  it('answers HEAD with the headers a GET gets', async () => {
    for (const path of TEXTS) {
      const headers = { 'accept-encoding': 'br' };
      const get = await raw(server.baseUrl, path, headers);
      const head = await raw(server.baseUrl, path, headers, 'HEAD');
      assert.equal(head.body.length, 0, path);
      for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type']) assert.equal(head.headers[name], get.headers[name], `${path} ${name}`);
    }
  });

  it('answers If-None-Match naming an encoded form by 304 with that tag, from the app and from the cached-read lane', async () => {
    for (const path of ['/api/v1/projects?limit=5', '/openapi.json', '/']) {
      const gz = await raw(server.baseUrl, path, { 'accept-encoding': 'gzip' });
      const tag = String(gz.headers.etag);
      assert.match(tag, /-gzip"$/, path);
      const plainTag = String((await raw(server.baseUrl, path)).headers.etag);
      for (const base of [server.baseUrl, counted.url]) {
        const again = await raw(base, path, { 'accept-encoding': 'gzip', 'if-none-match': tag });
        assert.equal(again.status, 304, `${base}${path}`);
        assert.equal(again.headers.etag, tag, `${base}${path}`);
        assert.equal(again.body.length, 0);
        // A client holding the plain form is told its own tag.
        const plain = await raw(base, path, { 'accept-encoding': 'gzip', 'if-none-match': plainTag });
        assert.equal(plain.status, 304, `${base}${path}`);
        assert.equal(plain.headers.etag, plainTag, `${base}${path}`);
        assert.equal((await raw(base, path, { 'accept-encoding': 'gzip', 'if-none-match': '"other-gzip"' })).status, 200, path);
      }
    }
  });

  it('lets the cached-read lane send an encoding the app made, byte for byte and header for header', async () => {
    const path = '/api/v1/projects?limit=7';
    for (const coding of ['br', 'gzip'] as const) {
      server.clock.advance(server.config.catalogVersionCheckMs);
      const fromApp = await raw(server.baseUrl, path, { 'accept-encoding': coding });
      const before = counted.taken();
      const fromLane = await raw(counted.url, path, { 'accept-encoding': coding });
      assert.equal(counted.taken(), before + 1, `${coding}: the lane answered`);
      assert.ok(fromLane.body.equals(fromApp.body), coding);
      const comparable = (answer: Raw) => Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive', 'ratelimit'].includes(name)));
      assert.deepEqual(comparable(fromLane), comparable(fromApp), coding);
    }
  });

  it('encodes the JSON answers of MCP', async () => {
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', 'accept-encoding': 'gzip' };
    const answer = await raw(server.baseUrl, '/mcp', headers, 'POST', rpc);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assert.match(decode(answer).toString(), /"search_projects"/);
  });

  it('never encodes a private answer (BREACH): an owner\'s project, a signed-in page', async () => {
    const token = await ownerApiToken(server, OWNER);
    const auth = { authorization: `Bearer ${token}` };
    const list = JSON.parse((await raw(server.baseUrl, '/api/v1/projects?limit=1')).body.toString()) as { data: { slug: string }[] };
    const read = await raw(server.baseUrl, `/api/v1/admin/projects/${list.data[0]!.slug}`, { ...auth, 'accept-encoding': 'gzip' });
    assert.equal(read.status, 200);
    assert.match(String(read.headers['cache-control']), /private/);
    assert.equal(read.headers['content-encoding'], undefined);
    assert.ok(read.body.length >= 1024, `${read.body.length} bytes: large enough to be encoded if it were public`);
    const form = await raw(server.baseUrl, '/inquire', { accept: 'text/html', 'accept-encoding': 'gzip' });
    assert.equal(form.status, 200);
    assert.match(String(form.headers['cache-control']), /no-store/);
    assert.equal(form.headers['content-encoding'], undefined, 'the inquiry form holds a form token');
  });
});
