import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * RFC 9110 §8.8.3: an origin server SHOULD send an ETag when changes can be detected; the
 * discovery documents are fixed per configuration (and studio name), and cached for 5 minutes,
 * so a client whose copy went stale revalidates with If-None-Match (§13.1.2) instead of
 * fetching the document again.
 */
describe('discovery documents carry a strong validator and answer 304 to If-None-Match', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  // One coding throughout (an encoded answer has a tag of its own, content-coding.test.ts).
  const get = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${server.baseUrl}${path}`, { method: init.method ?? 'GET', headers: { 'accept-encoding': 'identity', ...init.headers } });

  const paths = ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/auth.md'];
  for (const path of paths) {
    it(`${path}: strong ETag on 200 and HEAD; a 304 (no body, same ETag and Cache-Control) for the tag, its weak form, a list holding it, and *`, async () => {
      const res = await get(path);
      assert.equal(res.status, 200);
      const body = await res.text();
      const etag = res.headers.get('etag');
      assert.match(String(etag), /^"[^"]+"$/, 'a strong entity tag');
      const cacheControl = res.headers.get('cache-control');
      assert.equal(cacheControl, 'public, max-age=300');

      const head = await get(path, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('etag'), etag);

      for (const ifNoneMatch of [String(etag), `W/${etag}`, `"stale", ${etag}`, '*']) {
        const again = await get(path, { headers: { 'if-none-match': ifNoneMatch } });
        assert.equal(again.status, 304, `If-None-Match: ${ifNoneMatch}`);
        assert.equal(await again.text(), '');
        assert.equal(again.headers.get('etag'), etag);
        assert.equal(again.headers.get('cache-control'), cacheControl);
      }

      const other = await get(path, { headers: { 'if-none-match': '"stale"' } });
      assert.equal(other.status, 200);
      assert.equal(await other.text(), body);
    });
  }

  it('/auth.md changes its ETag with the studio name it is written for', async () => {
    const before = (await get('/auth.md')).headers.get('etag');
    const { profile } = await server.vitrine.studio.current();
    await server.vitrine.studio.save({ ...profile, name: 'Renamed Discovery Studio' });
    const res = await get('/auth.md', { headers: { 'if-none-match': String(before) } });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Renamed Discovery Studio/);
    assert.notEqual(res.headers.get('etag'), before);
  });
});
