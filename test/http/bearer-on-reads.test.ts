import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Problem } from '../helpers/problem.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken } from '../helpers/tokens.js';

/** Every public API read, and key minting: none needs a credential, each checks one that is sent. */
const READS = ['/api/v1/projects', '/api/v1/projects/atlas-regional-trip-planner', '/api/v1/facets', '/api/v1/sandbox/projects', '/api/v1/studio', '/api/v1/sandbox/studio'];

describe('a bearer sent on an API read must be live: nothing is silently anonymous (docs/design.md §1)', () => {
  let server: TestServer;
  let clients: () => Promise<number>;
  const get = (path: string, authorization?: string, method = 'GET') => fetch(`${server.baseUrl}${path}`, { method, headers: authorization ? { authorization } : {} });

  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    const { database } = server.config;
    assert.equal(database.kind, 'sqlite');
    // The server's own file, read beside it (WAL readers see every commit).
    clients = async () => {
      const db = new Database(database.path, { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM oauth_clients').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
  });
  after(async () => server.close());

  it('answers an unknown or malformed token on every read with the invalid_token 401, another scheme with a 401 without an error code (RFC 6750 §3.1)', async () => {
    for (const path of READS) {
      for (const authorization of ['Bearer vt_at_00000000nottherealthing', 'Bearer vt_at_two words']) {
        const res = await get(path, authorization);
        assert.equal(res.status, 401, `${path} with ${authorization}`);
        assert.equal(res.headers.get('content-type'), 'application/problem+json');
        assert.equal(res.headers.get('www-authenticate'), `Bearer error="invalid_token", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`);
        assert.equal(((await res.json()) as Problem).error, 'invalid_token');
      }
      for (const authorization of ['Bearer', 'Basic YTpi']) {
        const res = await get(path, authorization);
        assert.equal(res.status, 401, `${path} with ${authorization}: not anonymous`);
        assert.equal(res.headers.get('www-authenticate'), `Bearer resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`);
        assert.equal(((await res.json()) as Problem).error, 'unauthorized');
      }
      const head = await get(path, 'Bearer vt_at_00000000nottherealthing', 'HEAD');
      assert.equal(head.status, 401, `HEAD ${path}`);
    }
  });

  it('serves the same reads to a live token and to no credential at all, and refuses the token once revoked', async () => {
    const { token } = await agentToken(server.baseUrl);
    for (const path of READS) {
      assert.equal((await get(path)).status, 200, path);
      assert.equal((await get(path)).status, 200, `${path}, answered again (from the response cache)`);
      assert.equal((await get(path, `Bearer ${token}`)).status, 200, `${path} with a live token`);
    }
    const revoked = await fetch(`${server.baseUrl}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token }) });
    assert.equal(revoked.status, 200);
    assert.equal((await get(READS[0]!, `Bearer ${token}`)).status, 401);
  });

  it('mints no key for a request whose bearer is not live, by GET or POST', async () => {
    const before = await clients();
    const minted = await get('/api/v1/keys', 'Bearer nope');
    assert.equal(minted.status, 401);
    const posted = await fetch(`${server.baseUrl}/api/v1/keys`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' });
    assert.equal(posted.status, 401);
    assert.equal(await clients(), before, 'no client registered');
    assert.equal((await get('/api/v1/keys')).status, 200);
    assert.equal(await clients(), before + 1, 'without a bearer, a key is minted');
  });
});
