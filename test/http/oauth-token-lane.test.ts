import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pino from 'pino';
import { nodeListener } from '../../src/http/node-listener.js';
import { oauthTokenLane } from '../../src/http/oauth-token-lane.js';
import { comparable } from '../helpers/comparable-answer.js';
import { countedListener, type Answer, type Counted } from '../helpers/counted-lane.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The token lane (src/http/oauth-token-lane.ts) answers POST /oauth/token with a form body on
// node:http before Hono. Over real HTTP, the same request to a listener with the app's lanes
// (counted) and to one with none: which requests the lane takes, and that its answers are the
// app's, status, headers and body.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function post(base: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL('/oauth/token', base);
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answer: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (name !== 'connection' && name !== 'keep-alive' && name !== 'date' && value !== undefined) answer[name] = String(value);
        resolve({ status: res.statusCode!, headers: answer, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An answer with its per-request parts out: the request id and RateLimit's state, and an issued token's value. */
function alike(answer: Answer): { status: number; headers: Record<string, string>; body: unknown } {
  const requestId = answer.headers['x-request-id']!;
  const { status, headers } = comparable({ ...answer, headers: { ...answer.headers, date: '' } });
  const body = JSON.parse(answer.body.toString().replaceAll(requestId, '<request id>')) as Record<string, unknown>;
  if (typeof body.access_token === 'string') {
    assert.match(body.access_token, /^vt_at_[A-Za-z0-9_-]{51}$/);
    body.access_token = '<token>';
  }
  return { status, headers, body };
}

async function appOnly(app: TestServer): Promise<{ server: Server; url: string }> {
  const server = createServer(nodeListener(() => false, app.vitrine.fetch, '127.0.0.1'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the token lane', () => {
  let app: TestServer;
  let counted: Counted;
  let plain: { server: Server; url: string };
  let publicClient: string;
  let confidential: { client_id: string; client_secret: string };

  before(async () => {
    app = await startTestServer({ demo: false, env: { RATE_LIMITS: JSON.stringify({ auth: { q: 1000, w: 60 } }) } });
    counted = await countedListener(app);
    plain = await appOnly(app);
    const register = async (body: Record<string, unknown>) =>
      (await (await fetch(`${app.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'lane', ...body }) })).json()) as { client_id: string; client_secret: string };
    publicClient = (await register({ token_endpoint_auth_method: 'none' })).client_id;
    confidential = await register({ token_endpoint_auth_method: 'client_secret_post' });
  });
  after(async () => {
    await closeServer(counted.server);
    await closeServer(plain.server);
    await app.close();
  });

  /** The same request through the app and through the lane: the lane takes it, and answers as the app. */
  async function answersAsTheApp(label: string, body: string, headers: Record<string, string> = FORM): Promise<{ status: number; body: unknown }> {
    const fromApp = alike(await post(plain.url, body, headers));
    const before = counted.taken();
    const fromLane = alike(await post(counted.url, body, headers));
    assert.equal(counted.taken(), before + 1, `${label}: the lane answered`);
    assert.deepEqual(fromLane, fromApp, label);
    return fromLane;
  }

  it('issues a client_credentials token with the headers and fields the app sends', async () => {
    const issued = await answersAsTheApp('public client', new URLSearchParams({ grant_type: 'client_credentials', client_id: publicClient }).toString());
    assert.equal(issued.status, 200);
    assert.deepEqual(Object.keys(issued.body as object), ['access_token', 'token_type', 'expires_in', 'scope']);
    await answersAsTheApp('client_secret_post, narrowed scope', new URLSearchParams({ grant_type: 'client_credentials', ...confidential, scope: 'catalog:read' }).toString());
    await answersAsTheApp('charset parameter, proxy field', `grant_type=client_credentials&client_id=${publicClient}`, { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'x-forwarded-for': '203.0.113.9', origin: 'https://agent.example' });
    await answersAsTheApp('a leading BOM', `\uFEFFgrant_type=client_credentials&client_id=${publicClient}`);
    // The token works where a bearer is asked for.
    const { body } = await post(counted.url, `grant_type=client_credentials&client_id=${publicClient}`, FORM);
    const token = (JSON.parse(body.toString()) as { access_token: string }).access_token;
    const me = await fetch(`${app.baseUrl}/api/v1/projects?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.status, 200);
  });

  it('answers every RFC 6749 §5.2 error as the app does', async () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['no grant_type', `client_id=${publicClient}`],
      ['empty body', ''],
      ['unsupported grant', `grant_type=password&client_id=${publicClient}`],
      ['unknown client', 'grant_type=client_credentials&client_id=vt_client_nobody'],
      ['no client', 'grant_type=client_credentials'],
      ['repeated parameter', `grant_type=client_credentials&client_id=${publicClient}&client_id=${publicClient}`],
      ['repeated resource', `grant_type=client_credentials&client_id=${publicClient}&resource=a&resource=b`],
      ['NUL in a value', `grant_type=client_credentials&client_id=vt%00client`],
      ['scope beyond the client', `grant_type=client_credentials&client_id=${publicClient}&scope=admin`],
      ['wrong secret', new URLSearchParams({ grant_type: 'client_credentials', client_id: confidential.client_id, client_secret: 'vt_cs_wrong' }).toString()],
      ['HTTP Basic with a wrong secret', 'grant_type=client_credentials', { ...FORM, authorization: `Basic ${Buffer.from(`${confidential.client_id}:nope`).toString('base64')}` }],
      ['a code that does not exist', `grant_type=authorization_code&client_id=${publicClient}&code=vt_ac_x&code_verifier=${'v'.repeat(43)}`],
    ];
    for (const [label, body, headers] of cases) {
      const answer = await answersAsTheApp(label, body, headers);
      assert.ok(answer.status >= 400 && answer.status < 500, `${label}: ${answer.status}`);
      assert.equal(typeof (answer.body as { error?: unknown }).error, 'string', label);
    }
  });

  it('leaves to the app what it does not take: JSON, a chunked or oversized body, another path or method', async () => {
    const cases: [string, () => Promise<unknown>][] = [
      ['JSON', () => post(counted.url, JSON.stringify({ grant_type: 'client_credentials', client_id: publicClient }), { 'content-type': 'application/json' })],
      ['chunked', () => post(counted.url, `grant_type=client_credentials&client_id=${publicClient}`, { ...FORM, 'transfer-encoding': 'chunked' })],
      ['over BODY_LIMIT_BYTES', () => post(counted.url, `grant_type=client_credentials&pad=${'x'.repeat(app.config.bodyLimitBytes)}`, FORM)],
      ['a query string', () => fetch(`${counted.url}/oauth/token?x=1`, { method: 'POST', headers: FORM, body: 'grant_type=client_credentials' })],
      ['GET', () => fetch(`${counted.url}/oauth/token`)],
      ['no Content-Type', () => post(counted.url, 'grant_type=client_credentials', {})],
    ];
    for (const [label, send] of cases) {
      const before = counted.taken();
      await send();
      assert.equal(counted.taken(), before, `${label}: the app answered`);
    }
    const json = await post(counted.url, JSON.stringify({ grant_type: 'client_credentials', client_id: publicClient }), { 'content-type': 'application/json' });
    assert.equal(json.status, 200, 'JSON still gets its token');
    const big = await post(counted.url, `grant_type=client_credentials&pad=${'x'.repeat(app.config.bodyLimitBytes)}`, FORM);
    assert.equal(big.status, 413);
  });
});

describe('the token lane on a failing database', () => {
  it('answers 500 server_error as the app does, naming only the request id, and logs the fault once', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const app = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' }, contract: false, deps: { logger } });
    const counted = await countedListener(app);
    const plain = await appOnly(app);
    try {
      const db = new Database((app.config.database as { path: string }).path);
      db.exec('DROP TABLE oauth_clients');
      db.close();
      const body = 'grant_type=client_credentials&client_id=vt_client_any';
      const fromApp = alike(await post(plain.url, body, FORM));
      const before = counted.taken();
      const raw = await post(counted.url, body, FORM);
      assert.equal(counted.taken(), before + 1);
      assert.deepEqual(alike(raw), fromApp);
      assert.equal(raw.status, 500);
      assert.doesNotMatch(raw.body.toString(), /oauth_clients|SQLITE|no such table/i);
      const requestId = raw.headers['x-request-id']!;
      assert.match(raw.body.toString(), new RegExp(requestId));
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string; path?: string; status?: number });
      assert.equal(logged.filter((l) => l.msg === 'unhandled error' && l.requestId === requestId && l.path === '/oauth/token').length, 1, 'the fault, logged once under the request id');
      assert.equal(logged.filter((l) => l.msg === 'request' && l.requestId === requestId && l.status === 500).length, 1, 'one access line');
    } finally {
      await closeServer(counted.server);
      await closeServer(plain.server);
      await app.close();
    }
  });
});

describe('the token lane when writing its answer fails', () => {
  it('cuts that connection, reports the failure once, and goes on answering', async () => {
    const reported: string[] = [];
    let failNext = true;
    const lane = oauthTokenLane({
      token: async () => ({ access_token: 'vt_at_x', token_type: 'Bearer', expires_in: 60, scope: 'catalog:read' }),
      bodyLimitBytes: 1024,
      headersFor: () => ({}),
      nextRequestId: () => 'AbCdEfGhIjKl',
      clientIp: () => '127.0.0.1',
      admit: () => ({}),
      record: () => {
        if (failNext) {
          failNext = false;
          throw new Error('the access record failed');
        }
      },
      reportFailure: (error) => {
        reported.push(error.message);
        return true;
      },
    });
    const server = createServer(nodeListener(lane, () => new Response('the app', { status: 500 }), '127.0.0.1'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // The answer was written before the record failed: the client may see it or a cut connection.
      const once = { ...FORM, connection: 'close' };
      await post(url, 'grant_type=client_credentials', once).catch(() => undefined);
      assert.deepEqual(reported, ['the access record failed']);
      const next = await post(url, 'grant_type=client_credentials', once);
      assert.equal(next.status, 200, 'the server goes on');
    } finally {
      await closeServer(server);
    }
  });
});
