import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashSecret } from '../../src/oauth/tokens.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface KeyBody {
  api_key: string;
  token: string;
  client_id: string;
  token_endpoint: string;
  scope: string;
  expires_in: number;
  sandbox: { base_url: string; scope: string };
}

describe('GET and POST /api/v1/keys (seed §4.8)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const post = (body: string | undefined, contentType = 'application/json') =>
    fetch(`${server.baseUrl}/api/v1/keys`, { method: 'POST', headers: { 'content-type': contentType }, ...(body === undefined ? {} : { body }) });

  function assertKeyShape(body: KeyBody): void {
    assert.match(body.api_key, /^vt_key_[A-Za-z0-9_-]{43}$/);
    assert.match(body.token, /^vt_at_[A-Za-z0-9_-]{43}$/);
    assert.match(body.client_id, /^vt_client_/);
    assert.equal(body.token_endpoint, `${server.baseUrl}/oauth/token`);
    assert.equal(body.sandbox.base_url, `${server.baseUrl}/api/v1/sandbox`);
    assert.equal(body.sandbox.scope, 'sandbox:write');
    assert.equal(body.scope, 'catalog:read inquiries:write sandbox:write');
    assert.equal(body.expires_in, 3600);
  }

  it('POST {} → 201 with api_key, token, client_id, token_endpoint and sandbox; never cached', async () => {
    const res = await post('{}');
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assertKeyShape((await res.json()) as KeyBody);
  });

  it('GET → 200 with the same shape', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/keys`);
    assert.equal(res.status, 200);
    assertKeyShape((await res.json()) as KeyBody);
  });

  it('POST with client_name names the registered public client', async () => {
    const body = (await (await post(JSON.stringify({ client_name: 'my-agent' }))).json()) as KeyBody;
    const client = await server.store.clients.get(body.client_id);
    assert.equal(client?.client_name, 'my-agent');
    assert.equal(client?.token_endpoint_auth_method, 'none');
  });

  it('the key is a long-lived bearer: it still works after the access token expired', async () => {
    const body = (await (await post('{}')).json()) as KeyBody;
    const write = (bearer: string) =>
      fetch(`${server.baseUrl}/api/v1/inquiries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Attributed by an API key.' }),
      });
    const first = await write(body.api_key);
    assert.equal(first.status, 201);
    assert.equal(((await first.json()) as { client_id: string }).client_id, body.client_id);
    server.clock.advance(2 * 3600 * 1000);
    assert.equal((await write(body.token)).status, 401);
    assert.equal((await write(body.api_key)).status, 201);
    const stored = await server.store.credentials.findByHash(hashSecret(body.api_key));
    assert.equal(stored?.kind, 'api_key');
    assert.equal(stored?.expires_at, null);
  });

  it('the client_id can get fresh tokens with client_credentials', async () => {
    const body = (await (await post('{}')).json()) as KeyBody;
    const res = await fetch(body.token_endpoint, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: body.client_id }) });
    assert.equal(res.status, 200);
  });

  it('POST with a non-JSON content type → 415 problem', async () => {
    const res = await post('client_name=x', 'application/x-www-form-urlencoded');
    assert.equal(res.status, 415);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(((await res.json()) as { error: string }).error, 'unsupported_media_type');
  });

  for (const [name, body] of [
    ['a JSON array', '[]'],
    ['a JSON string', '"key please"'],
    ['malformed JSON', '{'],
    ['a non-string client_name', '{"client_name":7}'],
    ['a client_name over 200 characters', JSON.stringify({ client_name: 'x'.repeat(201) })],
  ] as const) {
    it(`POST with ${name} → 400 problem`, async () => {
      const res = await post(body);
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
    });
  }
});
