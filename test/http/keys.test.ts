import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
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
    assert.match(body.token, /^vt_at_[A-Za-z0-9]{8}[A-Za-z0-9_-]{43}$/);
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

  it('HEAD → 200 with GET\'s headers and mints nothing (RFC 9110 §9.2.1: HEAD is safe)', async () => {
    const clients = () => {
      const { database } = server.config;
      if (database.kind !== 'sqlite') throw new Error('this suite runs on SQLite');
      const db = new Database(database.path, { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM oauth_clients').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const before = clients();
    const res = await fetch(`${server.baseUrl}/api/v1/keys`, { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(await res.text(), '');
    assert.equal(clients(), before, 'no client registered');
    assert.equal((await fetch(`${server.baseUrl}/api/v1/keys`)).status, 200);
    assert.equal(clients(), before + 1, 'GET does mint one');
  });

  it('POST with no body and no Content-Type (`curl -X POST`) → 201, as {} would', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/keys`, { method: 'POST' });
    assert.equal(res.status, 201);
    assertKeyShape((await res.json()) as KeyBody);
    const typed = await fetch(`${server.baseUrl}/api/v1/keys`, { method: 'POST', body: 'client_name=x' });
    assert.equal(typed.status, 415, 'a body of another type is still refused');
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

describe('POST /api/v1/keys with Idempotency-Key (the generic idempotency layer)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false', TRUST_PROXY: '1' } });
  });
  after(async () => server.close());

  const post = (key: string | undefined, body = '{}', from = '198.51.100.7') =>
    fetch(`${server.baseUrl}/api/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body,
    });

  it('a retry with the same key and body replays the same key, once minted', async () => {
    const key = `"${crypto.randomUUID()}"`;
    const first = await post(key, '{"client_name":"retrying agent"}');
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const minted = (await first.json()) as KeyBody;
    const again = await post(key, '{"client_name":"retrying agent"}');
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.headers.get('cache-control'), 'no-store');
    const replayed = (await again.json()) as KeyBody;
    assert.deepEqual(replayed, minted, 'the same api_key, token and client');
    // The replayed key works, and only one client was registered.
    const write = await fetch(`${server.baseUrl}/api/v1/sandbox/inquiries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${replayed.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Rehearsing with a replayed key.' }),
    });
    assert.equal(write.status, 201);
    assert.ok(await server.store.clients.get(minted.client_id));
  });

  it('the same key with another body is 422, and without a key every POST mints anew', async () => {
    const key = crypto.randomUUID();
    assert.equal((await post(key, '{"client_name":"a"}')).status, 201);
    const reused = await post(key, '{"client_name":"b"}');
    assert.equal(reused.status, 422);
    assert.equal(((await reused.json()) as { error: string }).error, 'idempotency_key_reused');
    // The fingerprint is the whole body (docs/design.md §6), fields the endpoint ignores too.
    const other = crypto.randomUUID();
    assert.equal((await post(other, '{"a":1}')).status, 201);
    assert.equal((await post(other, '{"b":2}')).status, 422);
    assert.equal((await post(other, '{ "a" : 1 }')).headers.get('idempotent-replayed'), 'true', 'the same JSON, spaced otherwise');
    const a = (await (await post(undefined)).json()) as KeyBody;
    const b = (await (await post(undefined)).json()) as KeyBody;
    assert.notEqual(a.api_key, b.api_key);
  });

  it('keeps records per caller address: the same key from elsewhere mints a different key, never someone else\'s', async () => {
    const key = crypto.randomUUID();
    const mine = (await (await post(key, '{}', '198.51.100.7')).json()) as KeyBody;
    const other = await post(key, '{}', '203.0.113.9');
    assert.equal(other.status, 201);
    assert.equal(other.headers.get('idempotent-replayed'), null);
    assert.notEqual(((await other.json()) as KeyBody).api_key, mine.api_key);
  });

  it('refuses a key shorter than 16 characters (a replay hands out a secret) and a malformed one', async () => {
    const short = await post('abc');
    assert.equal(short.status, 400);
    const problem = (await short.json()) as { error: string; errors: { path: string }[] };
    assert.equal(problem.error, 'validation_failed');
    assert.equal(problem.errors[0]?.path, 'header.Idempotency-Key');
    assert.equal((await post('"unterminated')).status, 400);
  });
});
