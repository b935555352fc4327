import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readCatalogFile } from '../../src/catalog/catalog-file.js';
import { DEMO_CATALOG_PATH, SANDBOX_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';

/** Catalog reads over real HTTP against the demo catalog in a real SQLite file. */

interface ApiProject {
  id: string;
  slug: string;
  title: string;
  tags: string[];
  industry: string;
  year: number;
  featured: boolean;
  images: { url: string }[];
  links: { self: string; html: string };
  published_at: string | null;
}
interface ProjectList {
  data: ApiProject[];
  next_cursor: string | null;
}
const demo = readCatalogFile(DEMO_CATALOG_PATH);
const published = demo.filter((p) => p.published_at !== null);
const ENV = { RATE_LIMITS_ENABLED: 'false' };

async function getJson<T>(url: string, init?: RequestInit): Promise<{ res: Response; body: T }> {
  const res = await fetch(url, init);
  return { res, body: (await res.json()) as T };
}

function nextLink(res: Response): string | null {
  const link = res.headers.get('link');
  if (!link) return null;
  const match = /^<([^>]+)>;\s*rel="next"$/.exec(link);
  assert.ok(match, `Link header is one rel="next" link: ${link}`);
  return match[1]!;
}

async function assertProblem(res: Response, status: number, error: string, instance: string): Promise<Problem> {
  assert.equal(res.status, status);
  assert.equal(res.headers.get('content-type'), 'application/problem+json');
  const body = (await res.json()) as Problem;
  assert.equal(body.status, status);
  assert.equal(body.error, error);
  assert.equal(body.instance, instance);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.ok(body.type.endsWith(`/problems/${error.replace(/_/g, '-')}`), body.type);
  return body;
}

describe('GET /api/v1/projects', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: ENV });
  });
  after(async () => server.close());

  it('lists published projects newest first with the documented shape', async () => {
    const { res, body } = await getJson<ProjectList>(`${server.baseUrl}/api/v1/projects`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=60');
    assert.match(res.headers.get('etag') ?? '', /^"[A-Za-z0-9_-]+"$/, 'a strong ETag');
    assert.equal(body.data.length, 20, 'default limit 20');
    assert.equal(typeof body.next_cursor, 'string');
    const dates = body.data.map((p) => p.published_at!);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const first = body.data[0]!;
    for (const key of ['id', 'slug', 'title', 'summary', 'description', 'client', 'industry', 'services', 'technologies', 'tags', 'year', 'featured', 'url', 'images', 'links', 'created_at', 'updated_at', 'published_at']) {
      assert.ok(key in first, `project has ${key}`);
    }
    assert.equal(first.links.self, `${server.baseUrl}/api/v1/projects/${first.slug}`);
    assert.equal(first.links.html, `${server.baseUrl}/projects/${first.slug}`);
    for (const image of body.data.flatMap((p) => p.images)) assert.ok(image.url.startsWith(`${server.baseUrl}/`), 'image URLs are absolute');
  });

  it('never lists unpublished projects', async () => {
    const { body } = await getJson<ProjectList>(`${server.baseUrl}/api/v1/projects?limit=100`);
    assert.equal(body.data.length, published.length);
    assert.equal(body.next_cursor, null);
    assert.ok(body.data.every((p) => p.published_at !== null));
    assert.ok(!body.data.some((p) => p.slug === 'warehouse-pick-and-pack-app'));
  });

  for (const [query, predicate] of [
    ['tag=maps', (p: (typeof demo)[number]) => p.tags.includes('maps')],
    ['industry=fintech', (p: (typeof demo)[number]) => p.industry === 'fintech'],
    ['service=data-engineering', (p: (typeof demo)[number]) => p.services.includes('data-engineering')],
    ['technology=svelte', (p: (typeof demo)[number]) => p.technologies.includes('svelte')],
    ['year=2023', (p: (typeof demo)[number]) => p.year === 2023],
    ['featured=true', (p: (typeof demo)[number]) => p.featured],
    ['tag=mobile&industry=healthcare', (p: (typeof demo)[number]) => p.tags.includes('mobile') && p.industry === 'healthcare'],
  ] as const) {
    it(`filters by ${query}`, async () => {
      const { res, body } = await getJson<ProjectList>(`${server.baseUrl}/api/v1/projects?${query}&limit=100`);
      assert.equal(res.status, 200);
      const expected = published.filter(predicate).map((p) => p.slug).sort();
      assert.ok(expected.length > 0);
      assert.deepEqual(body.data.map((p) => p.slug).sort(), expected);
    });
  }

  it('searches with q, best match first', async () => {
    const { body } = await getJson<ProjectList>(`${server.baseUrl}/api/v1/projects?q=atlas`);
    assert.equal(body.data[0]?.slug, 'atlas-regional-trip-planner');
    assert.ok(body.data.some((p) => p.slug === 'maritime-museum-online-collection'));
  });

  it('answers odd queries (q=++, q=#) with 200', async () => {
    for (const q of ['++', '#', '"', '*']) {
      const res = await fetch(`${server.baseUrl}/api/v1/projects?q=${encodeURIComponent(q)}`);
      assert.equal(res.status, 200, q);
      await res.arrayBuffer();
    }
  });

  for (const sort of ['-published_at', 'title', '-year', 'relevance']) {
    it(`follows Link rel="next" through the whole catalog (sort=${sort}) without duplicates or gaps`, async () => {
      const q = sort === 'relevance' ? '&q=app' : '';
      const whole = (await getJson<ProjectList>(`${server.baseUrl}/api/v1/projects?sort=${sort}${q}&limit=100`)).body.data.map((p) => p.slug);
      const seen: string[] = [];
      let url: string | null = `${server.baseUrl}/api/v1/projects?sort=${sort}${q}&limit=4`;
      let pages = 0;
      while (url) {
        assert.ok((pages += 1) < 50, 'paging ends');
        const { res, body }: { res: Response; body: ProjectList } = await getJson<ProjectList>(url);
        assert.equal(res.status, 200);
        seen.push(...body.data.map((p) => p.slug));
        url = nextLink(res);
        assert.equal(url === null, body.next_cursor === null, 'Link and next_cursor agree');
        if (url) {
          const next = new URL(url);
          assert.equal(next.searchParams.get('cursor'), body.next_cursor);
          assert.equal(next.searchParams.get('sort'), sort, 'the next link keeps the query');
          assert.equal(next.searchParams.get('limit'), '4');
        }
      }
      assert.deepEqual(seen, whole);
      assert.ok(pages > 1);
    });
  }

  describe('conditional requests (RFC 9110 §13.1.2)', () => {
    it('answers If-None-Match with the current ETag by 304 and no body', async () => {
      const first = await fetch(`${server.baseUrl}/api/v1/projects?tag=maps`);
      const etag = first.headers.get('etag')!;
      await first.arrayBuffer();
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await fetch(`${server.baseUrl}/api/v1/projects?tag=maps`, { headers: { 'if-none-match': header } });
        assert.equal(res.status, 304, header);
        // RFC 9110 §15.4.5: the tag of the form the client holds (fetch asked for gzip); `*` names none.
        assert.equal(res.headers.get('etag'), header === '*' ? etag.replace(/-gzip"$/, '"') : etag);
        assert.equal(res.headers.get('cache-control'), 'public, max-age=60');
        assert.equal(await res.text(), '');
      }
      const miss = await fetch(`${server.baseUrl}/api/v1/projects?tag=maps`, { headers: { 'if-none-match': '"stale"' } });
      assert.equal(miss.status, 200);
      await miss.arrayBuffer();
    });

    it('gives different queries different ETags and the same query the same ETag', async () => {
      const a = (await fetch(`${server.baseUrl}/api/v1/projects?tag=maps`)).headers.get('etag');
      const b = (await fetch(`${server.baseUrl}/api/v1/projects?tag=maps`)).headers.get('etag');
      const c = (await fetch(`${server.baseUrl}/api/v1/projects?tag=mobile`)).headers.get('etag');
      assert.equal(a, b);
      assert.notEqual(a, c);
    });

    it('changes the ETag once an upsert is seen (within CATALOG_VERSION_CHECK_MS)', async () => {
      const url = `${server.baseUrl}/api/v1/projects/atlas-regional-trip-planner`;
      const before = await fetch(url);
      const etag = before.headers.get('etag')!;
      await before.arrayBuffer();
      const atlas = demo.find((p) => p.slug === 'atlas-regional-trip-planner')!;
      await server.store.projects.upsert([{ ...atlas, title: 'Atlas Regional Trip Planner (2nd edition)' }], server.clock.now(), () => 'prj_unused');
      server.clock.advance(server.config.catalogVersionCheckMs);
      const res = await fetch(url, { headers: { 'if-none-match': etag } });
      assert.equal(res.status, 200, 'the old ETag no longer matches');
      assert.notEqual(res.headers.get('etag'), etag);
      assert.equal(((await res.json()) as ApiProject).title, 'Atlas Regional Trip Planner (2nd edition)');
    });
  });

  describe('400 for bad parameters', () => {
    for (const [query, path] of [
      ['sort=price', 'query.sort'],
      ['limit=0', 'query.limit'],
      ['limit=101', 'query.limit'],
      ['limit=ten', 'query.limit'],
      ['limit=1e1', 'query.limit'],
      ['limit=%2B5', 'query.limit'],
      ['limit=', 'query.limit'],
      ['year=99', 'query.year'],
      ['year=2024.0', 'query.year'],
      ['featured=yes', 'query.featured'],
      ['colour=red', 'query.colour'],
      ['cursor=not%20a%20cursor', 'cursor'],
      ['cursor=eyJ2IjoxfQ', 'cursor'],
    ] as const) {
      it(`rejects ${query} naming ${path}`, async () => {
        const res = await fetch(`${server.baseUrl}/api/v1/projects?${query}`);
        const body = await assertProblem(res, 400, 'validation_failed', '/api/v1/projects');
        assert.ok(body.errors?.some((e) => e.path === path), JSON.stringify(body.errors));
        assert.equal(res.headers.get('cache-control'), 'no-store');
      });
    }

    it('names the parameter an unknown one likely meant (search → q, per_page → limit, industries → industry), or lists them', async () => {
      const messages = async (path: string) => {
        const res = await fetch(`${server.baseUrl}${path}`);
        return ((await assertProblem(res, 400, 'validation_failed', path.split('?')[0]!)).errors ?? []).map((e) => `${e.path}: ${e.message}`);
      };
      assert.deepEqual(await messages('/api/v1/projects?search=maps&per_page=5&industries=retail&page=2'), [
        'query.search: unknown parameter (did you mean q?)',
        'query.per_page: unknown parameter (did you mean limit?)',
        'query.industries: unknown parameter (did you mean industry?)',
        'query.page: unknown parameter (did you mean cursor?)',
      ]);
      assert.deepEqual(await messages('/api/v1/projects?colour=red'), ['query.colour: unknown parameter (the parameters are q, tag, industry, service, technology, year, featured, sort, limit, cursor)']);
      assert.deepEqual(await messages('/api/v1/sandbox/projects?query=x'), ['query.query: unknown parameter (did you mean q?)']);
      // The facets take the list's search and filters only: no alias leads to a parameter they lack.
      assert.deepEqual(await messages('/api/v1/facets?per_page=5'), ['query.per_page: unknown parameter (the parameters are q, tag, industry, service, technology, year, featured)']);
    });

    it('rejects a cursor replayed against another query', async () => {
      const { body: page } = await getJson<ProjectList>(`${server.baseUrl}/api/v1/projects?sort=title&limit=2`);
      const res = await fetch(`${server.baseUrl}/api/v1/projects?sort=-year&limit=2&cursor=${page.next_cursor}`);
      const body = await assertProblem(res, 400, 'validation_failed', '/api/v1/projects');
      assert.match(body.detail, /different query/);
      const ok = await fetch(`${server.baseUrl}/api/v1/projects?sort=title&limit=5&cursor=${page.next_cursor}`);
      assert.equal(ok.status, 200, 'another limit keeps the same query');
      await ok.arrayBuffer();
    });
  });
});

describe('GET /api/v1/projects/{slug} and /api/v1/facets', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: ENV });
  });
  after(async () => server.close());

  it('returns one published project with an ETag', async () => {
    const { res, body } = await getJson<ApiProject>(`${server.baseUrl}/api/v1/projects/kestrel-museum-audio-guide`);
    assert.equal(res.status, 200);
    assert.equal(body.slug, 'kestrel-museum-audio-guide');
    assert.equal(body.title, 'Kestrel Museum Audio Guide');
    assert.ok(res.headers.get('etag'));
    const again = await fetch(`${server.baseUrl}/api/v1/projects/kestrel-museum-audio-guide`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    assert.equal(again.status, 304);
  });

  it('answers 404 problem+json for an unknown or unpublished slug', async () => {
    for (const slug of ['no-such-project', 'warehouse-pick-and-pack-app']) {
      const res = await fetch(`${server.baseUrl}/api/v1/projects/${slug}`);
      await assertProblem(res, 404, 'not_found', `/api/v1/projects/${slug}`);
    }
  });

  it('counts facets over published projects', async () => {
    const { res, body } = await getJson<{ tags: { value: string; count: number }[]; years: { value: string; count: number }[]; industries: unknown[]; services: unknown[]; technologies: unknown[] }>(
      `${server.baseUrl}/api/v1/facets`,
    );
    assert.equal(res.status, 200);
    assert.ok(res.headers.get('etag'));
    const maps = body.tags.find((t) => t.value === 'maps');
    assert.equal(maps?.count, published.filter((p) => p.tags.includes('maps')).length);
    assert.ok(!body.tags.some((t) => t.value === 'barcode-scanning'), 'tags only on unpublished projects are hidden');
    assert.equal(body.years.reduce((n, y) => n + y.count, 0), published.length);
    for (const key of ['industries', 'services', 'technologies']) assert.ok(Array.isArray(body[key as 'industries']));

    assert.equal((body as unknown as { total: number }).total, published.length);
    // A parameter of the list that does not narrow (sort, limit) is refused, never silently ignored.
    const sorted = await fetch(`${server.baseUrl}/api/v1/facets?sort=title`);
    assert.equal(sorted.status, 400);
    const problem = (await sorted.json()) as { error: string; errors: { path: string }[] };
    assert.equal(problem.error, 'validation_failed');
    assert.deepEqual(problem.errors.map((e) => e.path), ['query.sort']);
  });

  it('counts the facets of what a search and filters list, and how many that is', async () => {
    type Counted = { tags: { value: string; count: number }[]; industries: { value: string; count: number }[]; years: { value: string; count: number }[]; total: number };
    const { res, body } = await getJson<Counted>(`${server.baseUrl}/api/v1/facets?q=maps&industry=public-sector`);
    assert.equal(res.status, 200);
    const listed = (await getJson<{ data: { tags: string[]; industry: string }[] }>(`${server.baseUrl}/api/v1/projects?q=maps&industry=public-sector&limit=100`)).body.data;
    assert.ok(listed.length > 0);
    assert.equal(body.total, listed.length);
    assert.deepEqual(body.industries, [{ value: 'public-sector', count: listed.length }]);
    for (const { value, count } of body.tags) assert.equal(count, listed.filter((p) => p.tags.includes(value)).length, value);
    assert.deepEqual(new Set(body.tags.map((t) => t.value)), new Set(listed.flatMap((p) => p.tags)), 'only the listed projects\' tags');
    assert.deepEqual(await (await fetch(`${server.baseUrl}/api/v1/facets?q=zzqxv`)).json(), { tags: [], industries: [], services: [], technologies: [], years: [], total: 0 });
  });
});

describe('errors, headers and CORS', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...ENV, BODY_LIMIT_BYTES: '2048' } });
  });
  after(async () => server.close());

  it('answers 404 problem+json for an unknown path', async () => {
    await assertProblem(await fetch(`${server.baseUrl}/api/v1/nothing-here`), 404, 'not_found', '/api/v1/nothing-here');
  });

  it('answers 405 with Allow (RFC 9110 §15.5.6) for a known path with another method', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/v1/projects'],
      ['PUT', '/api/v1/projects/atlas-regional-trip-planner'],
      ['POST', '/api/v1/facets'],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, { method });
      await assertProblem(res, 405, 'method_not_allowed', path);
      const allow = res.headers.get('allow') ?? '';
      assert.ok(allow.split(', ').includes('GET'), allow);
      assert.ok(!allow.split(', ').includes(method), allow);
    }
  });

  it('answers OPTIONS on any served path with 204 and what it allows (RFC 9110 §9.3.7), not a 405 naming OPTIONS', async () => {
    for (const [path, allow] of [['/projects/atlas-regional-trip-planner', 'GET, HEAD, OPTIONS'], ['/inquire', 'GET, HEAD, OPTIONS, POST'], ['/api/v1/facets', 'GET, HEAD, OPTIONS']] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'OPTIONS' });
      assert.equal(res.status, 204, path);
      assert.equal(res.headers.get('allow'), allow, path);
      assert.equal(await res.text(), '');
    }
    assert.equal((await fetch(`${server.baseUrl}/nowhere`, { method: 'OPTIONS' })).status, 404);
  });

  it('answers 413 above the body limit, with or without Content-Length', async () => {
    const big = JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x'.repeat(4096) });
    const withLength = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    await assertProblem(withLength, 413, 'payload_too_large', '/api/v1/inquiries');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    await assertProblem(chunked, 413, 'payload_too_large', '/api/v1/inquiries');
  });

  it('sets security headers on API responses', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/projects?limit=1`);
    await res.arrayBuffer();
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.equal(res.headers.get('strict-transport-security'), null, 'no HSTS over plain http');
    assert.ok(res.headers.get('referrer-policy'));
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.match(res.headers.get('x-request-id') ?? '', /^[A-Za-z0-9_-]{12}$/);
  });

  it('allows any origin to read the public API, never with credentials', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/projects?limit=1`, { headers: { origin: 'https://agent.example' } });
    await res.arrayBuffer();
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
    assert.ok((res.headers.get('access-control-expose-headers') ?? '').toLowerCase().includes('etag'));
    const preflight = await fetch(`${server.baseUrl}/api/v1/projects`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.equal(preflight.headers.get('access-control-allow-credentials'), null);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET,HEAD', 'only the methods the path serves');
    assert.equal(preflight.headers.get('allow'), 'GET, HEAD, OPTIONS');
    for (const [path, methods] of [['/api/v1/inquiries', 'POST'], ['/api/v1/keys', 'GET,HEAD,POST'], ['/api/v1/projects/atlas-regional-trip-planner', 'GET,HEAD'], ['/openapi.json', 'GET,HEAD']] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } });
      assert.equal(res.status, 204, path);
      assert.equal(res.headers.get('access-control-allow-methods'), methods, path);
      assert.equal(res.headers.get('allow'), `${methods.split(',').join(', ')}, OPTIONS`, path);
    }
  });

  it('lets a browser client send If-Match to edit a project (Fetch standard, CORS-preflight)', async () => {
    const preflight = await fetch(`${server.baseUrl}/api/v1/admin/projects/atlas-regional-trip-planner`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'if-match, content-type, authorization' },
    });
    assert.equal(preflight.status, 204);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',').map((h) => h.trim());
    for (const header of ['if-match', 'content-type', 'authorization']) assert.ok(allowed.includes(header), `${header} in ${allowed.join(',')}`);
  });

  it('lets any origin read the Markdown twins and the sitemap that /llms.txt and robots.txt point to', async () => {
    for (const path of ['/index.md', '/projects/atlas-regional-trip-planner.md', '/inquire.md', '/docs.md', '/sitemap.xml']) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { origin: 'https://agent.example' } });
      await res.arrayBuffer();
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('access-control-allow-origin'), '*', path);
      assert.equal(res.headers.get('access-control-allow-credentials'), null, path);
    }
    const page = await fetch(`${server.baseUrl}/projects/atlas-regional-trip-planner`, { headers: { origin: 'https://agent.example' } });
    await page.arrayBuffer();
    assert.equal(page.headers.get('access-control-allow-origin'), null, 'HTML pages stay same-origin');
  });
});

describe('500 hides internal errors', () => {
  it('answers a storage failure with a generic problem naming only the request id', async () => {
    const server = await startTestServer({ env: { ...ENV, CATALOG_VERSION_CHECK_MS: '0' } });
    try {
      await server.store.close();
      const res = await fetch(`${server.baseUrl}/api/v1/projects?tag=maps`);
      const body = await assertProblem(res, 500, 'internal_error', '/api/v1/projects');
      const requestId = res.headers.get('x-request-id')!;
      assert.ok(body.detail.includes(requestId));
      // The request id is random: one ending in "at" (or holding "ts") would read as a leak.
      const text = JSON.stringify(body).toLowerCase().replaceAll(requestId.toLowerCase(), '');
      for (const leak of ['sqlite', 'database', 'kysely', 'closed', 'driver', 'at ', 'stack', '.ts']) assert.ok(!text.includes(leak), `no "${leak}" in ${text}`);
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

describe('sandbox catalog (GET /api/v1/sandbox/projects)', () => {
  const sandbox = readCatalogFile(SANDBOX_CATALOG_PATH);
  const env = { ...ENV, PUBLIC_URL: 'https://vitrine.example' };
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    a = await startTestServer({ env });
    b = await startTestServer({ env, demo: false });
  });
  after(async () => {
    await a.close();
    await b.close();
  });

  it('lists the fixed fixture catalog, not the real one', async () => {
    const { res, body } = await getJson<ProjectList>(`${a.baseUrl}/api/v1/sandbox/projects?limit=100`);
    assert.equal(res.status, 200);
    assert.deepEqual(body.data.map((p) => p.slug).sort(), sandbox.filter((p) => p.published_at).map((p) => p.slug).sort());
    assert.ok(body.data.every((p) => p.links.self.startsWith('https://vitrine.example/api/v1/sandbox/projects/')));
  });

  it('serves a sandbox project and 404s a real one under the sandbox path', async () => {
    const slug = sandbox[0]!.slug;
    const { res, body } = await getJson<ApiProject>(`${a.baseUrl}/api/v1/sandbox/projects/${slug}`);
    assert.equal(res.status, 200);
    assert.equal(body.id, sandbox[0]!.id);
    await assertProblem(await fetch(`${a.baseUrl}/api/v1/sandbox/projects/atlas-regional-trip-planner`), 404, 'not_found', '/api/v1/sandbox/projects/atlas-regional-trip-planner');
  });

  it('is byte-stable across servers and restarts (same ETag and body)', async () => {
    for (const path of ['/api/v1/sandbox/projects', `/api/v1/sandbox/projects/${sandbox[1]!.slug}`, '/api/v1/sandbox/projects?sort=title&limit=2']) {
      const ra = await fetch(`${a.baseUrl}${path}`);
      const rb = await fetch(`${b.baseUrl}${path}`);
      assert.equal(ra.status, 200);
      assert.equal(ra.headers.get('etag'), rb.headers.get('etag'), path);
      assert.equal(await ra.text(), await rb.text(), path);
    }
  });

  it('validates sandbox queries like the real ones', async () => {
    await assertProblem(await fetch(`${a.baseUrl}/api/v1/sandbox/projects?limit=0`), 400, 'validation_failed', '/api/v1/sandbox/projects');
  });
});
