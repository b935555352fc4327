import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ownerApiToken } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';

const OWNER = 'owner@studio.example';
const ADMIN = '/api/v1/admin/inquiries';

/**
 * RFC 9110 §13.1.1: an origin MUST evaluate If-Match before performing the method, and MUST NOT
 * perform it when the condition is false. An inquiry is sent with no entity tag, so no tag a
 * script holds can name it: only `*` (it exists) holds. §13.2.1: a 404 comes before.
 */
describe('the admin inquiries API with If-Match', () => {
  let server: TestServer;
  let token: string;
  let id: string;

  const admin = (path: string, init: { method: string; headers?: Record<string, string>; body?: string }) =>
    fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const status = async () => ((await (await admin(`${ADMIN}/${id}`, { method: 'GET' })).json()) as { status: string }).status;

  before(async () => {
    server = await startTestServer({ demo: false, env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    token = await ownerApiToken(server, OWNER);
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A question about a new project.' }),
    });
    id = ((await res.json()) as { id: string }).id;
  });
  after(async () => server.close());

  it('PATCH with an entity tag in If-Match is a 412 and changes nothing; with * it goes through', async () => {
    const before = await status();
    const stale = await admin(`${ADMIN}/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'if-match': '"v1"' }, body: JSON.stringify({ status: 'spam' }) });
    assert.equal(stale.status, 412);
    assert.equal(stale.headers.get('content-type'), 'application/problem+json');
    assert.equal(((await stale.json()) as Problem).error, 'precondition_failed');
    assert.equal(await status(), before);

    const any = await admin(`${ADMIN}/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'if-match': '*' }, body: JSON.stringify({ status: 'replied' }) });
    assert.equal(any.status, 200);
    assert.equal(await status(), 'replied');
  });

  it('DELETE with an entity tag in If-Match is a 412 and deletes nothing', async () => {
    const res = await admin(`${ADMIN}/${id}`, { method: 'DELETE', headers: { 'if-match': '"v1"' } });
    assert.equal(res.status, 412);
    await res.arrayBuffer();
    assert.equal((await admin(`${ADMIN}/${id}`, { method: 'GET' })).status, 200);
  });

  it('an unknown inquiry is a 404 whatever If-Match says (RFC 9110 §13.2.1)', async () => {
    const res = await admin(`${ADMIN}/inq_unknown`, { method: 'DELETE', headers: { 'if-match': '"v1"' } });
    assert.equal(res.status, 404);
    await res.arrayBuffer();
  });
});
