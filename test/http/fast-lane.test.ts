import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** One answer as a client sees it: status, body bytes and every header. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Fields that differ per request by design: the request id, the date and RateLimit's r/t. */
function comparable(answer: Answer): Answer {
  const headers = { ...answer.headers };
  assert.match(headers['x-request-id'] ?? '', /^[A-Za-z0-9_-]{12}$/);
  delete headers['x-request-id'];
  delete headers.date;
  if (headers.ratelimit) headers.ratelimit = headers.ratelimit.replace(/;r=\d+;t=\d+$/, ';r=_;t=_');
  return { ...answer, headers };
}

async function get(server: TestServer, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${path}`, init);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The lane only serves entries whose catalog version is known fresh; moving past the check interval sends the next read to Hono. */
async function viaHono(server: TestServer, path: string, init?: RequestInit): Promise<Answer> {
  server.clock.advance(server.config.catalogVersionCheckMs);
  const before = server.vitrine.fastLane.served;
  const answer = await get(server, path, init);
  assert.equal(server.vitrine.fastLane.served, before, `${path} was answered by Hono`);
  return answer;
}

async function viaLane(server: TestServer, path: string, init?: RequestInit): Promise<Answer> {
  const before = server.vitrine.fastLane.served;
  const answer = await get(server, path, init);
  assert.equal(server.vitrine.fastLane.served, before + 1, `${path} was answered by the fast lane`);
  return answer;
}

function logCapture(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('fast lane: repeated public catalog reads answered before Hono, identically', () => {
  let server: TestServer;
  let slug: string;
  let etag: string;
  const log = logCapture();

  before(async () => {
    server = await startTestServer({ deps: { logger: log.logger } });
    const list = JSON.parse((await get(server, '/api/v1/projects?limit=1')).body.toString()) as { data: { slug: string }[] };
    slug = list.data[0]!.slug;
    etag = (await get(server, '/api/v1/projects')).headers.etag!;
  });
  after(() => server.close());

  it('answers each URL with the same status, bytes and headers as Hono (request id, date and RateLimit r/t aside)', async () => {
    const cases: [string, RequestInit?][] = [
      ['/api/v1/projects'],
      ['/api/v1/projects?limit=2'],
      ['/api/v1/projects?limit=2&sort=title&featured=true'],
      ['/api/v1/projects?q=app&limit=1'],
      [`/api/v1/projects/${slug}`],
      ['/api/v1/facets'],
      ['/api/v1/sandbox/projects'],
      ['/api/v1/sandbox/projects?limit=1'],
      ['/api/v1/projects', { method: 'HEAD' }],
      [`/api/v1/projects/${slug}`, { method: 'HEAD' }],
      ['/api/v1/projects', { headers: { 'if-none-match': etag } }],
      ['/api/v1/projects', { headers: { 'if-none-match': `W/${etag}` } }],
      ['/api/v1/projects', { headers: { 'if-none-match': `"other", ${etag}` } }],
      ['/api/v1/projects', { headers: { 'if-none-match': '*' } }],
      ['/api/v1/projects', { headers: { 'if-none-match': '"other"' } }],
      ['/api/v1/projects', { method: 'HEAD', headers: { 'if-none-match': etag } }],
      ['/api/v1/projects', { headers: { origin: 'https://elsewhere.example' } }],
    ];
    for (const [path, init] of cases) {
      const label = `${init?.method ?? 'GET'} ${path} ${JSON.stringify(init?.headers ?? {})}`;
      const hono = comparable(await viaHono(server, path, init));
      const lane = comparable(await viaLane(server, path, init));
      assert.equal(lane.status, hono.status, label);
      assert.deepEqual(lane.headers, hono.headers, label);
      assert.ok(lane.body.equals(hono.body), `${label}: same body bytes`);
    }
  });

  it('304s on If-None-Match and sends no body on HEAD, on the lane too', async () => {
    await viaHono(server, '/api/v1/facets');
    const notModified = await viaLane(server, '/api/v1/projects', { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body.length, 0);
    assert.equal(notModified.headers['content-type'], undefined);
    const head = await viaLane(server, '/api/v1/projects', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
  });

  it('logs the same request line on both paths', async () => {
    const path = `/api/v1/projects/${slug}`;
    await viaHono(server, path);
    const fromHono = log.lines.at(-1)!;
    await viaLane(server, path);
    const fromLane = log.lines.at(-1)!;
    for (const line of [fromHono, fromLane]) {
      assert.equal(line.msg, 'request');
      assert.deepEqual({ method: line.method, path: line.path, status: line.status }, { method: 'GET', path, status: 200 });
    }
    assert.deepEqual(Object.keys(fromLane).sort(), Object.keys(fromHono).sort());
    assert.notEqual(fromLane.requestId, fromHono.requestId);
  });

  it('falls through once the catalog changes, then serves the new representation', async () => {
    const path = `/api/v1/projects/${slug}`;
    await viaHono(server, path);
    const old = await viaLane(server, path);
    const project = JSON.parse(old.body.toString()) as { title: string };
    const record = (await server.store.projects.getBySlug(slug))!;
    await server.store.projects.upsert([{ ...record, title: `${project.title} (renamed)` }], server.clock.now(), () => newId(cryptoRandom, 'prj'));
    // Past the version check interval Hono asks the store, sees the new version and re-populates the lane.
    const fresh = await viaHono(server, path);
    assert.notEqual(fresh.headers.etag, old.headers.etag);
    assert.equal((JSON.parse(fresh.body.toString()) as { title: string }).title, `${project.title} (renamed)`);
    const again = await viaLane(server, path);
    assert.ok(again.body.equals(fresh.body));
    assert.equal(again.headers.etag, fresh.headers.etag);
  });

  it('leaves requests with Authorization, unknown parameters and unseen URLs to Hono', async () => {
    await viaHono(server, '/api/v1/projects?limit=2&sort=title');
    // Another spelling of a seen query is a URL the lane has not seen: Hono answers it first.
    const reordered = await viaHono(server, '/api/v1/projects?sort=title&limit=2');
    assert.equal(reordered.status, 200);
    for (let i = 0; i < 2; i++) {
      const before = server.vitrine.fastLane.served;
      const withBearer = await get(server, '/api/v1/projects', { headers: { authorization: 'Bearer not-a-real-token' } });
      const bogus = await get(server, '/api/v1/projects?bogus=1');
      const missing = await get(server, '/api/v1/projects/no-such-project');
      const post = await get(server, '/api/v1/projects', { method: 'POST', body: '{}' });
      assert.equal(server.vitrine.fastLane.served, before, 'none of them came from the lane');
      assert.equal(withBearer.status, 200);
      assert.equal(bogus.status, 400);
      assert.equal(missing.status, 404);
      assert.equal(post.status, 405);
    }
  });
});

describe('fast lane: rate limiting shared with the Hono path', () => {
  it('counts every request once, whichever path answers, and leaves the 429 to Hono', async () => {
    const server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ reads: { q: 5, w: 60 } }) } });
    try {
      const path = '/api/v1/projects?limit=1';
      const remaining: string[] = [];
      remaining.push((await viaHono(server, path)).headers.ratelimit!);
      remaining.push((await viaLane(server, path)).headers.ratelimit!);
      remaining.push((await viaHono(server, path)).headers.ratelimit!);
      remaining.push((await viaLane(server, path)).headers.ratelimit!);
      remaining.push((await viaLane(server, path)).headers.ratelimit!);
      assert.deepEqual(remaining.map((field) => /;r=(\d+);/.exec(field)![1]), ['4', '3', '2', '1', '0']);

      const before = server.vitrine.fastLane.served;
      const limited = await get(server, path);
      assert.equal(limited.status, 429);
      assert.equal(server.vitrine.fastLane.served, before, 'the 429 came from Hono');
      assert.match(limited.headers.ratelimit!, /^"reads";r=0;t=\d+$/);
      assert.equal(limited.headers['content-type'], 'application/problem+json');
      // Other callers keep their own quota on the lane.
      const other = await get(server, path, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      assert.equal(other.status, 429, 'X-Forwarded-For is ignored without TRUST_PROXY: still the same caller');
    } finally {
      await server.close();
    }
  });

  it('keys callers by the client IP TRUST_PROXY resolves, like the Hono path', async () => {
    const server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ reads: { q: 2, w: 60 } }), TRUST_PROXY: '1' } });
    try {
      const path = '/api/v1/facets';
      const as = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      await viaHono(server, path, as('198.51.100.1'));
      await viaLane(server, path, as('198.51.100.1'));
      assert.equal((await get(server, path, as('198.51.100.1'))).status, 429);
      const other = await viaLane(server, path, as('198.51.100.2'));
      assert.equal(other.status, 200);
      assert.match(other.headers.ratelimit!, /;r=1;/);
    } finally {
      await server.close();
    }
  });
});

describe('fast lane: FAST_LANE=false', () => {
  it('sends every request through Hono', async () => {
    const server = await startTestServer({ env: { FAST_LANE: 'false' } });
    try {
      for (let i = 0; i < 3; i++) assert.equal((await get(server, '/api/v1/projects')).status, 200);
      assert.equal(server.vitrine.fastLane.served, 0);
    } finally {
      await server.close();
    }
  });
});
