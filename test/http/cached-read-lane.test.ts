import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { comparable } from '../helpers/comparable-answer.js';
import { countedListener, get, type Answer, type Counted } from '../helpers/counted-lane.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The cached-read lane (src/http/cached-read-lane.ts) answers repeated public reads on node:http
// before Hono. Over real HTTP, through a listener whose lane is counted: which requests it takes,
// that its answers are the app's, and that everything else still reaches the app.

describe('the cached-read lane', () => {
  let app: TestServer;
  let counted: Counted;
  let slug: string;
  let etag: string;

  before(async () => {
    app = await startTestServer();
    counted = await countedListener(app);
    slug = (JSON.parse((await get(app.baseUrl, '/api/v1/projects?limit=1')).body.toString()) as { data: { slug: string }[] }).data[0]!.slug;
    etag = (await get(app.baseUrl, '/api/v1/projects')).headers.etag!;
  });
  after(async () => {
    await new Promise<void>((resolve) => counted.server.close(() => resolve()));
    await app.close();
  });

  /** The route's answer: past the catalog version check, the app asks the store again. */
  async function fromRoute(path: string, init?: RequestInit): Promise<Answer> {
    app.clock.advance(app.config.catalogVersionCheckMs);
    return get(app.baseUrl, path, init);
  }

  /** Each case from the route, then from the lane: the same status, headers and bytes. */
  async function answersAsTheRoute(cases: [string, Record<string, string>?][]): Promise<void> {
    for (const [path, headers] of cases) {
      const label = `GET ${path} ${JSON.stringify(headers ?? {})}`;
      const route = comparable(await fromRoute(path, { headers }));
      const before = counted.taken();
      const lane = comparable(await get(counted.url, path, { headers }));
      assert.equal(counted.taken(), before + 1, `${label}: the lane answered`);
      assert.equal(lane.status, route.status, label);
      assert.deepEqual(lane.headers, route.headers, label);
      assert.ok(lane.body.equals(route.body), `${label}: the same bytes`);
    }
  }

  it('answers a repeated GET itself, with the status, headers and bytes the route sends', async () => {
    const cases: [string, Record<string, string>?][] = [
      ['/api/v1/projects'],
      ['/api/v1/projects?limit=2&sort=title'],
      ['/api/v1/projects?q=app&limit=1'],
      [`/api/v1/projects/${slug}`],
      ['/api/v1/facets'],
      ['/api/v1/sandbox/projects?limit=1'],
      ['/api/v1/projects', { 'if-none-match': etag }],
      ['/api/v1/projects', { 'if-none-match': `"other", W/${etag}` }],
      ['/api/v1/projects', { 'if-none-match': '"other"' }],
      ['/api/v1/projects', { origin: 'https://elsewhere.example' }],
      ['/api/v1/projects', { 'x-forwarded-for': '203.0.113.7' }],
    ];
    await answersAsTheRoute(cases);
  });

  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('answers a repeated page itself, with the status, headers and bytes the route sends', async () => {
    const pageEtag = (await fromRoute(`/projects/${slug}`, { headers: { accept: BROWSER } })).headers.etag!;
    const cases: [string, Record<string, string>?][] = [
      [`/projects/${slug}`, { accept: BROWSER }],
      [`/projects/${slug}`],
      [`/projects/${slug}`, { accept: BROWSER, 'if-none-match': pageEtag }],
      ['/', { accept: BROWSER }],
      ['/?q=app', { accept: BROWSER }],
      ['/', { accept: '*/*' }],
      ['/agents', { accept: BROWSER }],
      ['/index.md'],
      ['/index.md', { accept: BROWSER }],
      ['/index.md?q=app'],
      [`/projects/${slug}.md`],
      [`/projects/${slug}.md`, { accept: 'text/markdown' }],
      [`/images/${slug}/1.svg`],
    ];
    await answersAsTheRoute(cases);
  });

  it('leaves a page to the app when Accept asks for another representation of it (RFC 9110 §12.5.1)', async () => {
    for (const path of [`/projects/${slug}`, '/']) {
      await fromRoute(path, { headers: { accept: BROWSER } });
      assert.equal((await get(counted.url, path, { headers: { accept: BROWSER } })).headers['content-type'], 'text/html; charset=utf-8');
      const before = counted.taken();
      const markdown = await get(counted.url, path, { headers: { accept: 'text/markdown' } });
      assert.equal(markdown.status, 200, path);
      assert.equal(markdown.headers['content-type'], 'text/markdown; charset=utf-8', path);
      assert.equal((await get(counted.url, path, { headers: { accept: 'text/markdown;q=1, text/html;q=0.5' } })).headers['content-type'], 'text/markdown; charset=utf-8', path);
      assert.equal(counted.taken(), before, `${path}: Markdown came from the app`);
    }
    for (const path of ['/', `/projects/${slug}`]) {
      const before = counted.taken();
      assert.equal((await get(counted.url, path, { headers: { accept: 'application/json' } })).status, 406, path);
      assert.equal(counted.taken(), before, `${path}: the 406 came from the app`);
    }
  });

  it('never answers a page rendered under the studio profile that was current before a save', async () => {
    for (const [i, path] of [`/projects/${slug}`, '/agents'].entries()) {
      const name = `Renamed by the lane test ${i}`;
      await fromRoute(path, { headers: { accept: BROWSER } });
      const before = counted.taken();
      assert.doesNotMatch((await get(counted.url, path, { headers: { accept: BROWSER } })).body.toString(), new RegExp(name));
      assert.equal(counted.taken(), before + 1, path);
      const profile = (await app.vitrine.studio.current()).profile;
      await app.vitrine.studio.save({ ...profile, name });
      const after = await get(counted.url, path, { headers: { accept: BROWSER } });
      assert.match(after.body.toString(), new RegExp(name), path);
      assert.equal(counted.taken(), before + 1, `${path}: the page after the save came from the app`);
      assert.match((await get(counted.url, path, { headers: { accept: BROWSER } })).body.toString(), new RegExp(name), path);
      assert.equal(counted.taken(), before + 2, `${path}: and the lane answers its repeats`);
    }
  });

  it('leaves to the app what it cannot answer as the app would: HEAD, a bearer, percent-encoding, a body, an unseen URL', async () => {
    await fromRoute('/api/v1/projects?limit=3');
    const cases: [string, RequestInit, number][] = [
      ['/api/v1/projects?limit=3', { method: 'HEAD' }, 200],
      ['/api/v1/projects?limit=3', { headers: { authorization: 'Bearer not-a-real-token' } }, 401], // the app refuses it (docs/design.md §1)
      ['/api/v1/projects?limit=%33', {}, 200],
      ['/api/v1/projects?limit=4', {}, 200],
      ['/api/v1/projects?bogus=1', {}, 400],
    ];
    for (const [path, init, status] of cases) {
      const before = counted.taken();
      const answer = await get(counted.url, path, init);
      assert.equal(answer.status, status, `${init.method ?? 'GET'} ${path}`);
      assert.equal(counted.taken(), before, `${init.method ?? 'GET'} ${path} ${JSON.stringify(init.headers ?? {})} went to the app`);
    }
    // What fetch() will not send: a GET with a body, a Host the adaptor checks.
    const raw = (headers: Record<string, string>, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${counted.url}/api/v1/projects?limit=3`, { method: 'GET', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(body);
      });
    for (const [label, headers, body, status] of [
      ['a GET with a body', { 'content-type': 'application/json', 'content-length': '2' }, '{}', 200],
      ['a Host with upper case', { host: 'Example.COM' }, undefined, 200],
      ['an invalid Host', { host: 'bad host' }, undefined, 400],
    ] as const) {
      const before = counted.taken();
      assert.equal(await raw(headers, body), status, label);
      assert.equal(counted.taken(), before, `${label} went to the app`);
    }
    const before = counted.taken();
    assert.equal(await raw({ host: 'vitrine.example:8080' }), 200);
    assert.equal(counted.taken(), before + 1, 'a plain Host: the lane');
  });

  it('answers nothing with the response cache off', async () => {
    const off = await startTestServer({ env: { RESPONSE_CACHE: 'false' } });
    const listener = await countedListener(off);
    try {
      for (let i = 0; i < 3; i++) assert.equal((await get(listener.url, '/api/v1/projects')).status, 200);
      assert.equal(listener.taken(), 0);
    } finally {
      await new Promise<void>((resolve) => listener.server.close(() => resolve()));
      await off.close();
    }
  });
});

describe('the cached-read lane and the rate limit', () => {
  it('spends one unit of the quota per request and leaves a refused one to the app, which answers the 429', async () => {
    const app = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ reads: { q: 3, w: 60 } }) } });
    const counted = await countedListener(app);
    try {
      const path = '/api/v1/projects?limit=1';
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) remaining.push((await get(counted.url, path)).headers.ratelimit!);
      assert.deepEqual(remaining.map((field) => /;r=(\d+);/.exec(field)![1]), ['2', '1', '0']);
      assert.equal(counted.taken(), 2, 'the app answered the first read, the lane the next two');
      const hits = app.vitrine.cache.hits;
      const limited = await get(counted.url, path);
      assert.equal(limited.status, 429);
      assert.equal(limited.headers['content-type'], 'application/problem+json');
      assert.match(limited.headers['retry-after'] ?? '', /^\d+$/);
      assert.equal(counted.taken(), 2, 'the 429 came from the app');
      assert.equal(app.vitrine.cache.hits, hits, 'a refused read is not a cache hit');
    } finally {
      await new Promise<void>((resolve) => counted.server.close(() => resolve()));
      await app.close();
    }
  });
});
