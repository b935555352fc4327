import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A body that claims to be a form and is not: the sender's mistake, never a 500. */
describe('a malformed multipart body on a form endpoint', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server?.close());

  const post = async (path: string, cookieFrom = path) => {
    const page = await fetch(`${server.baseUrl}${cookieFrom}`);
    const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie, origin: server.baseUrl },
      body: '--x\r\nnot a part',
    });
  };

  it('the public inquiry form answers 400 with its error page', async () => {
    const res = await post('/inquire');
    assert.equal(res.status, 400);
    assert.match(res.headers.get('content-type')!, /^text\/html/);
  });

  it('the consent page and the owners\' forms refuse it like a forged form (403)', async () => {
    for (const path of ['/oauth/authorize', '/admin/login']) {
      const res = await post(path);
      assert.equal(res.status, 403, path);
      assert.match(res.headers.get('content-type')!, /^text\/html/, path);
    }
  });
});
