import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { secureHeaderValues } from '../../src/http/responses/security-headers.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Cached reads answer in one step with the headers middleware contributed (response-headers.ts);
 * every other answer gets them set once after the handler. Both must carry the same headers.
 */

const SECURE_HEADERS = await secureHeaderValues({ https: false });

/** Headers that are the same on every answer of the public API, whatever the handler. */
const PER_ANSWER = ['x-request-id', 'access-control-allow-origin', 'access-control-expose-headers', 'ratelimit', 'ratelimit-policy'];

function decorations(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...Object.keys(SECURE_HEADERS), ...PER_ANSWER]) {
    const value = res.headers.get(name);
    if (value !== null) out[name] = name === 'x-request-id' ? '(id)' : name === 'ratelimit' ? value.replace(/;r=\d+/, ';r=N') : value;
  }
  return out;
}

describe('security headers', () => {
  it("are the ones Hono's secureHeaders middleware sets with our options", async () => {
    assert.deepEqual(SECURE_HEADERS, {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'cross-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('add Strict-Transport-Security only when the public URL is https (RFC 6797 §7.2)', async () => {
    assert.equal((await secureHeaderValues({ https: true }))['strict-transport-security'], 'max-age=15552000; includeSubDomains');
    const plain = await startTestServer();
    // Served over http here, as behind a TLS-terminating proxy: the public URL decides.
    const secure = await startTestServer({ env: { PUBLIC_URL: 'https://vitrine.example' }, contract: false });
    try {
      const res = await fetch(`${plain.baseUrl}/api/v1/projects?limit=1`);
      await res.arrayBuffer();
      assert.equal(res.headers.get('strict-transport-security'), null);
      const viaTls = await fetch(`${secure.baseUrl}/api/v1/projects?limit=1`);
      await viaTls.arrayBuffer();
      assert.equal(viaTls.headers.get('strict-transport-security'), 'max-age=15552000; includeSubDomains');
    } finally {
      await plain.close();
      await secure.close();
    }
  });
});

describe('contributed response headers on cached and uncached answers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('gives a cached 200, its 304, a 400 problem and a 404 problem the same security, CORS, request-id and RateLimit headers', async () => {
    const list = await fetch(`${server.baseUrl}/api/v1/projects?limit=2`);
    await list.arrayBuffer();
    assert.equal(list.status, 200);
    const expected = decorations(list);
    assert.deepEqual(Object.keys(expected).sort(), [...Object.keys(SECURE_HEADERS), ...PER_ANSWER].sort(), 'the cached read carries every header');
    assert.equal(expected['x-frame-options'], 'DENY');
    assert.equal(expected['access-control-allow-origin'], '*');
    assert.match(list.headers.get('ratelimit-policy') ?? '', /^"reads";q=\d+;w=\d+$/);

    const notModified = await fetch(`${server.baseUrl}/api/v1/projects?limit=2`, { headers: { 'if-none-match': list.headers.get('etag')! } });
    assert.equal(notModified.status, 304);
    assert.deepEqual(decorations(notModified), expected);

    const bad = await fetch(`${server.baseUrl}/api/v1/projects?limit=0`);
    await bad.arrayBuffer();
    assert.equal(bad.status, 400);
    assert.deepEqual(decorations(bad), expected);

    const missing = await fetch(`${server.baseUrl}/api/v1/projects/no-such-project`);
    await missing.arrayBuffer();
    assert.equal(missing.status, 404);
    assert.deepEqual(decorations(missing), expected);
  });

  it('gives a token, OAuth errors, a new inquiry and a rehearsed one (answered in one step too) the same headers and their own', async () => {
    const names = (res: Response) => Object.keys(decorations(res)).sort();
    const all = [...Object.keys(SECURE_HEADERS), ...PER_ANSWER].sort();
    const reg = await fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'headers', token_endpoint_auth_method: 'none' }) });
    const { client_id } = (await reg.json()) as { client_id: string };
    assert.equal(reg.status, 201);
    assert.deepEqual(names(reg), all);

    const token = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'client_credentials', client_id }) });
    await token.arrayBuffer();
    assert.equal(token.status, 200);
    assert.deepEqual(names(token), all);
    assert.equal(token.headers.get('x-frame-options'), 'DENY');
    assert.equal(token.headers.get('cache-control'), 'no-store'); // RFC 6749 §5.1
    assert.equal(token.headers.get('pragma'), 'no-cache');
    assert.equal(token.headers.get('content-type'), 'application/json');

    // RFC 6749 §5.2 errors are built in one step as well (responses/oauth.ts), with their own fields.
    const unsupported = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'password', client_id }) });
    assert.equal(unsupported.status, 400);
    assert.equal(((await unsupported.json()) as { error: string }).error, 'unsupported_grant_type');
    assert.deepEqual(names(unsupported), all);
    assert.equal(unsupported.headers.get('cache-control'), 'no-store');
    assert.equal(unsupported.headers.get('content-type'), 'application/json');
    const basic = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('nobody:secret').toString('base64')}` }, body: 'grant_type=client_credentials' });
    await basic.arrayBuffer();
    assert.equal(basic.status, 401);
    assert.deepEqual(names(basic), all);
    assert.match(basic.headers.get('www-authenticate') ?? '', /^Basic realm=/); // RFC 6749 §5.2 invalid_client

    const inquiry = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'A booking platform like yours, please.' };
    const post = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `headers-${path}-${Date.now()}`, ...headers }, body: JSON.stringify(inquiry) });
    const created = await post('/api/v1/inquiries');
    const body = (await created.json()) as { id: string };
    assert.equal(created.status, 201);
    assert.deepEqual(names(created), all);
    assert.equal(created.headers.get('location'), `${server.baseUrl}/api/v1/inquiries/${body.id}`);
    assert.equal(created.headers.get('cache-control'), 'no-store');

    const rehearsed = await post('/api/v1/sandbox/inquiries');
    await rehearsed.arrayBuffer();
    assert.equal(rehearsed.status, 201);
    assert.deepEqual(names(rehearsed), all);
    assert.equal(rehearsed.headers.get('location'), null); // nothing was stored
  });

  it('gives each answer its own request id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.baseUrl}/api/v1/projects?limit=1`);
      await res.arrayBuffer();
      ids.add(res.headers.get('x-request-id')!);
    }
    assert.equal(ids.size, 5);
  });

  it('sends the cached body bytes unchanged, non-ASCII text included', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/projects?limit=100`, { headers: { 'accept-encoding': 'identity' } });
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(Number(res.headers.get('content-length')), bytes.length);
    const entry = await server.vitrine.catalog.list({ limit: 100 });
    assert.deepEqual(bytes, Buffer.from(entry.bytes));
    assert.equal(bytes.toString('utf8'), JSON.stringify(entry.value));
  });
});
