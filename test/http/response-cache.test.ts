import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { comparable } from '../helpers/comparable-answer.js';
import { agentToken } from '../helpers/tokens.js';

/** One answer as a client sees it: status, body bytes and every header. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function get(server: TestServer, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${path}`, init);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The cache only serves entries whose catalog version is known fresh; moving past the check interval sends the next read to the route. */
async function viaRoute(server: TestServer, path: string, init?: RequestInit): Promise<Answer> {
  server.clock.advance(server.config.catalogVersionCheckMs);
  const before = server.vitrine.cache.hits;
  const answer = await get(server, path, init);
  assert.equal(server.vitrine.cache.hits, before, `${path} was answered by the route`);
  return answer;
}

async function viaCache(server: TestServer, path: string, init?: RequestInit): Promise<Answer> {
  const before = server.vitrine.cache.hits;
  const answer = await get(server, path, init);
  assert.equal(server.vitrine.cache.hits, before + 1, `${path} was answered by the response cache`);
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

describe('response cache: repeated public catalog reads answered from the representation sent before, identically', () => {
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

  it('answers each URL with the same status, bytes and headers as the route (request id, date and RateLimit r/t aside)', async () => {
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
      const route = comparable(await viaRoute(server, path, init));
      const cached = comparable(await viaCache(server, path, init));
      assert.equal(cached.status, route.status, label);
      assert.deepEqual(cached.headers, route.headers, label);
      assert.ok(cached.body.equals(route.body), `${label}: same body bytes`);
    }
  });

  it('304s on If-None-Match and sends no body on HEAD, from the cache too', async () => {
    await viaRoute(server, '/api/v1/facets');
    const notModified = await viaCache(server, '/api/v1/projects', { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body.length, 0);
    assert.equal(notModified.headers['content-type'], undefined);
    const head = await viaCache(server, '/api/v1/projects', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
  });

  it('logs the same request line for hits and misses', async () => {
    const path = `/api/v1/projects/${slug}`;
    await viaRoute(server, path);
    const fromRoute = log.lines.at(-1)!;
    await viaCache(server, path);
    const fromCache = log.lines.at(-1)!;
    for (const line of [fromRoute, fromCache]) {
      assert.equal(line.msg, 'request');
      assert.deepEqual({ method: line.method, path: line.path, status: line.status }, { method: 'GET', path, status: 200 });
    }
    assert.deepEqual(Object.keys(fromCache).sort(), Object.keys(fromRoute).sort());
    assert.notEqual(fromCache.requestId, fromRoute.requestId);
  });

  it('falls through once the catalog changes, then serves the new representation', async () => {
    const path = `/api/v1/projects/${slug}`;
    await viaRoute(server, path);
    const old = await viaCache(server, path);
    const project = JSON.parse(old.body.toString()) as { title: string };
    const record = (await server.store.projects.getBySlug(slug))!;
    await server.store.projects.upsert([{ ...record, title: `${project.title} (renamed)` }], server.clock.now(), () => newId(cryptoRandom, 'prj'));
    // Past the version check interval the route asks the store, sees the new version and re-populates the cache.
    const fresh = await viaRoute(server, path);
    assert.notEqual(fresh.headers.etag, old.headers.etag);
    assert.equal((JSON.parse(fresh.body.toString()) as { title: string }).title, `${project.title} (renamed)`);
    const again = await viaCache(server, path);
    assert.ok(again.body.equals(fresh.body));
    assert.equal(again.headers.etag, fresh.headers.etag);
  });

  it('leaves unknown parameters, unseen URLs and other methods to the route', async () => {
    await viaRoute(server, '/api/v1/projects?limit=2&sort=title');
    // Another spelling of a seen query is a URL the cache has not seen: the route answers it first.
    const reordered = await viaRoute(server, '/api/v1/projects?sort=title&limit=2');
    assert.equal(reordered.status, 200);
    for (let i = 0; i < 2; i++) {
      const before = server.vitrine.cache.hits;
      const bogus = await get(server, '/api/v1/projects?bogus=1');
      const missing = await get(server, '/api/v1/projects/no-such-project');
      const post = await get(server, '/api/v1/projects', { method: 'POST', body: '{}' });
      assert.equal(server.vitrine.cache.hits, before, 'none of them came from the cache');
      assert.equal(bogus.status, 400);
      assert.equal(missing.status, 404);
      assert.equal(post.status, 405);
    }
  });

  it('serves a read with a live bearer from the cache too: the bearer changes only who is metered', async () => {
    const { token } = await agentToken(server.baseUrl);
    await viaRoute(server, '/api/v1/projects?limit=3');
    const anonymous = comparable(await viaCache(server, '/api/v1/projects?limit=3'));
    const withBearer = comparable(await viaCache(server, '/api/v1/projects?limit=3', { headers: { authorization: `Bearer ${token}` } }));
    assert.equal(withBearer.status, 200);
    assert.ok(withBearer.body.equals(anonymous.body));
    // One that is not live is refused before the cache (docs/design.md §1).
    const before = server.vitrine.cache.hits;
    assert.equal((await get(server, '/api/v1/projects?limit=3', { headers: { authorization: 'Bearer not-a-real-token' } })).status, 401);
    assert.equal(server.vitrine.cache.hits, before);
  });
});

describe('response cache: rate limiting runs before it', () => {
  it('counts every request once, whichever path answers, and a 429 never reaches the cache', async () => {
    const server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ reads: { q: 5, w: 60 } }) } });
    try {
      const path = '/api/v1/projects?limit=1';
      const remaining: string[] = [];
      remaining.push((await viaRoute(server, path)).headers.ratelimit!);
      remaining.push((await viaCache(server, path)).headers.ratelimit!);
      remaining.push((await viaRoute(server, path)).headers.ratelimit!);
      remaining.push((await viaCache(server, path)).headers.ratelimit!);
      remaining.push((await viaCache(server, path)).headers.ratelimit!);
      assert.deepEqual(remaining.map((field) => /;r=(\d+);/.exec(field)![1]), ['4', '3', '2', '1', '0']);

      const before = server.vitrine.cache.hits;
      const limited = await get(server, path);
      assert.equal(limited.status, 429);
      assert.equal(server.vitrine.cache.hits, before, 'the 429 came from the rate limiter');
      assert.match(limited.headers.ratelimit!, /^"reads";r=0;t=\d+$/);
      assert.equal(limited.headers['content-type'], 'application/problem+json');
      // X-Forwarded-For does not make a new caller.
      const other = await get(server, path, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      assert.equal(other.status, 429, 'X-Forwarded-For is ignored without TRUST_PROXY: still the same caller');
    } finally {
      await server.close();
    }
  });

  it('keys callers by the client IP TRUST_PROXY resolves, for hits as for misses', async () => {
    const server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ reads: { q: 2, w: 60 } }), TRUST_PROXY: '1' } });
    try {
      const path = '/api/v1/facets';
      const as = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      await viaRoute(server, path, as('198.51.100.1'));
      await viaCache(server, path, as('198.51.100.1'));
      assert.equal((await get(server, path, as('198.51.100.1'))).status, 429);
      const other = await viaCache(server, path, as('198.51.100.2'));
      assert.equal(other.status, 200);
      assert.match(other.headers.ratelimit!, /;r=1;/);
    } finally {
      await server.close();
    }
  });
});

describe('response cache: RESPONSE_CACHE=false', () => {
  for (const env of [{ RESPONSE_CACHE: 'false' }, { FAST_LANE: 'false' }] as Record<string, string>[]) {
    it(`sends every request to the route with ${Object.keys(env)[0]}=false`, async () => {
      const server = await startTestServer({ env });
      try {
        for (let i = 0; i < 3; i++) assert.equal((await get(server, '/api/v1/projects')).status, 200);
        assert.equal(server.vitrine.cache.hits, 0);
      } finally {
        await server.close();
      }
    });
  }
});
