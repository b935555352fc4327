import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

let nextAddress = 0;

/**
 * Sends the head of a request whose body is declared far larger than what is sent, and resolves
 * with the status if the server answers without waiting for the rest (undefined if it waits).
 */
function answeredBeforeBody(baseUrl: string, path: string, headers: Record<string, string>, declared: number, from = `198.51.100.${(nextAddress += 1)}`): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const req = request({ host: url.hostname, port: url.port, path, method: 'POST', headers: { ...headers, 'x-forwarded-for': from, 'content-length': String(declared) } }, (res) => {
      res.resume();
      resolve(res.statusCode);
      req.destroy();
    });
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    req.write('{"a":"' + 'x'.repeat(1024));
    // The rest never comes: a server reading the body first would wait until this gives up.
    setTimeout(() => {
      resolve(undefined);
      req.destroy();
    }, 5000).unref();
  });
}

describe('bodies the server refuses are not read first (security review: up to UPLOAD_LIMIT_BYTES read before auth)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ contract: false, env: { TRUST_PROXY: '1', RATE_LIMITS: JSON.stringify({ writes: { q: 1, w: 60 } }) } });
  });
  after(() => server.close());

  it('an admin upload path without an owner token is refused before its JSON body is read', async () => {
    for (const path of ['/api/v1/admin/media', '/api/v1/admin/projects/atlas-regional-trip-planner']) {
      assert.equal(await answeredBeforeBody(server.baseUrl, path, { 'content-type': 'application/json' }, 5_000_000), 401, path);
    }
  });

  it('a signed-out upload to /admin is turned away before its form body is read', async () => {
    assert.equal(await answeredBeforeBody(server.baseUrl, '/admin/profile', { 'content-type': 'application/x-www-form-urlencoded' }, 5_000_000), 303);
  });

  it('a rate-limited write is refused before its body is read', async () => {
    const ok = await fetch(`${server.baseUrl}/api/v1/sandbox/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'The first write spends the quota.' }) });
    assert.equal(ok.status, 201);
    assert.equal(await answeredBeforeBody(server.baseUrl, '/api/v1/sandbox/inquiries', { 'content-type': 'application/json' }, 60_000, '203.0.113.9'), 429);
  });
});
