import assert from 'node:assert/strict';
import { catalogViewName } from '../../src/pages/catalog-query.js';
import { after, before, describe, it } from 'node:test';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('HTML catalog pages over HTTP', () => {
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers: { accept: BROWSER, ...headers } });

  before(async () => {
    server = await startTestServer();
    await server.store.projects.upsert(
      [
        {
          slug: 'xss-probe',
          title: '</script><script>alert(1)</script>',
          summary: '"><img src=x onerror=alert(2)>',
          description: 'Body <script>alert(3)</script>',
          client: "O'Brien & <Co>",
          industry: 'retail',
          services: [],
          technologies: [],
          tags: [],
          year: 2026,
          featured: false,
          url: null,
          images: [{ url: '/images/xss-probe/1.svg', alt: '"><script>alert(4)</script>', width: 1600, height: 1000 }],
          published_at: '2026-05-01T00:00:00Z',
        },
      ],
      server.clock.now(),
      () => newId(cryptoRandom, 'prj'),
    );
    server.vitrine.catalog.invalidate();
  });

  after(() => server.close());

  it('serves the catalog with a script-free CSP, a strong ETag and a one-minute public cache', async () => {
    const res = await get('/');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'none'", "style-src 'self'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"]) assert.ok(csp.includes(directive), `${directive} in ${csp}`);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=60');
    // fetch asks for gzip: the tag of the page's gzip form (RFC 9110 §8.8.3).
    assert.match(res.headers.get('etag') ?? '', /^"[\w-]{27}-gzip"$/);
    const html = await res.text();
    assert.doesNotMatch(html, /<script(?![^>]*application\/ld\+json)/, 'no executable script on the page');
    assert.doesNotMatch(html, /\sstyle=/, 'no inline styles (CSP style-src self)');
  });

  it('answers 304 to If-None-Match with the current ETag (RFC 9110 §13.1.2)', async () => {
    for (const path of ['/', '/projects/atlas-regional-trip-planner', '/?industry=healthcare']) {
      const first = await get(path);
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      const again = await get(path, { 'if-none-match': etag });
      assert.equal(again.status, 304, path);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(await again.text(), '');
      const changed = await get(path, { 'if-none-match': '"something-else"' });
      assert.equal(changed.status, 200);
      await changed.arrayBuffer();
    }
  });

  it('links the home page to the API catalog, OpenAPI and MCP (RFC 8288 Link)', async () => {
    const res = await get('/');
    await res.arrayBuffer();
    const link = res.headers.get('link') ?? '';
    assert.ok(link.includes(`<${server.baseUrl}/.well-known/api-catalog>; rel="api-catalog"`), link);
    assert.ok(link.includes(`<${server.baseUrl}/openapi.json>; rel="service-desc"`), link);
    assert.ok(link.includes(`<${server.baseUrl}/mcp>`), link);
  });

  it('search and filters narrow the list and keep the query in the search box, escaped', async () => {
    const all = await (await get('/')).text();
    const filtered = await (await get('/?industry=healthcare')).text();
    const cards = (html: string) => (html.match(/<article class="card">/g) ?? []).length;
    assert.ok(cards(filtered) > 0 && cards(filtered) < cards(all));
    assert.ok(filtered.includes('href="/projects/pharmacy-ai-assistant"'));
    assert.ok(!filtered.includes('href="/projects/atlas-regional-trip-planner"'));
    // The filter chips count the whole catalog on the plain list; next to a narrowed one they count
    // what a click keeps of it; the chosen group's chips count what switching to them lists.
    assert.match(all, /<span class="count">\d+<span class="visually-hidden"> projects?<\/span><\/span>/);
    assert.match(filtered, /href="\/\?industry=healthcare&amp;year=2025">2025<span class="count">1<span class="visually-hidden"> project<\/span><\/span>/);
    assert.match(filtered, /href="\/" aria-current="true">Healthcare<span class="count">3<span class="visually-hidden"> projects<\/span><\/span>/);
    assert.match(filtered, /<h2 id="list-title">3 matching projects<\/h2>/);
    // The panel's chosen chip is the current item of its set; the Remove link above the list is not.
    assert.equal(filtered.match(/aria-current="true"/g)?.length, 1);
    assert.match(filtered, /<a class="chip chosen" href="\/" aria-label="Remove filter Industry: Healthcare">/);
    const searched = await (await get('/?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
    assert.ok(searched.includes('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'), 'the query is escaped inside the value attribute');
    assert.ok(!searched.includes('"><script>alert(1)'));
  });

  it('sends /projects to the list and a trailing slash to the path without it, on this server only (RFC 9110 §15.4.2)', async () => {
    const moved = async (path: string, method = 'GET') => {
      const res = await fetch(`${server.baseUrl}${path}`, { method, redirect: 'manual' });
      return `${res.status} ${res.headers.get('location') ?? ''}`;
    };
    assert.equal(await moved('/projects'), '301 /');
    assert.equal(await moved('/projects?q=maps'), '301 /?q=maps');
    assert.equal(await moved('/inquire/'), '301 /inquire');
    assert.equal(await moved('/projects/atlas-regional-trip-planner/?x=1', 'HEAD'), '301 /projects/atlas-regional-trip-planner?x=1');
    assert.equal(await moved('/api/v1/projects/?limit=2'), '301 /api/v1/projects?limit=2');
    // Nothing is served at the trimmed path, a write, or a Location a browser would take as another host.
    assert.equal(await moved('/nothing-here/'), '404 ');
    assert.equal(await moved('/inquire/', 'POST'), '404 ');
    assert.equal(await moved('//evil.example/'), '404 ');
    const followed = await get('/projects/atlas-regional-trip-planner/');
    assert.equal(followed.status, 200);
    assert.equal(new URL(followed.url).pathname, '/projects/atlas-regional-trip-planner');
  });

  it('sends a project URL retyped with capitals to the page (slugs are lower case); anything else stays a 404', async () => {
    const moved = async (path: string) => {
      const res = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      return `${res.status} ${res.headers.get('location') ?? ''}`;
    };
    assert.equal(await moved('/projects/Atlas-Regional-Trip-Planner'), '301 /projects/atlas-regional-trip-planner');
    assert.equal(await moved('/projects/ATLAS-REGIONAL-TRIP-PLANNER.md?x=1'), '301 /projects/atlas-regional-trip-planner.md?x=1');
    assert.equal(await moved('/projects/Not_A_Slug'), '404 ');
    assert.equal(await moved('/projects/No-Such-Project'), '301 /projects/no-such-project', 'lowered first; the lower-case URL is the 404');
    assert.equal((await get('/projects/Atlas-Regional-Trip-Planner')).status, 200);
  });

  it('gives each search, filter and later page a title of its own, escaped (WCAG 2.2 SC 2.4.2)', async () => {
    const title = async (path: string) => /<title>([^<]*)<\/title>/.exec(await (await get(path)).text())?.[1];
    const home = await title('/');
    const search = await title('/?q=maps');
    const both = await title('/?q=maps&industry=public-sector');
    const year = await title('/?year=2024');
    assert.match(search ?? '', /^Search “maps” — Projects — /);
    assert.match(both ?? '', /^Search “maps”, Industry: Public sector — Projects — /);
    assert.match(year ?? '', /^Year: 2024 — Projects — /);
    assert.equal(new Set([home, search, both, year]).size, 4, 'four views, four titles');
    assert.match((await title('/?q=%3Cb%3E%26')) ?? '', /^Search “&lt;b&gt;&amp;” — Projects — /);
    const next = /href="(\/\?cursor=[^"]+)"/.exec(await (await get('/')).text())?.[1];
    assert.ok(next, 'the home page links its next page');
    assert.match((await title(next)) ?? '', /^More work — /);
    assert.equal(catalogViewName({ q: 'app', tag: 'booking' }, true), 'Search “app”, Topic: Booking (more results) — Projects');
  });

  it('loads the first card image at once and the rest lazily, on every catalog view', async () => {
    // The first card is on the first screen, often the largest thing on it: a lazy image there
    // starts loading only after the stylesheets and layout, so a slow phone shows it last.
    for (const path of ['/', '/?industry=healthcare']) {
      const html = await (await get(path)).text();
      // Each card's own image (a stored image's blurred placeholder underneath aside).
      const images = [...html.matchAll(/<article class="card">.*?<\/article>/gs)].flatMap((card) => card[0].match(/<img (?![^>]*media-placeholder)[^>]*>/) ?? []);
      assert.ok(images.length >= 3, `${path}: cards with images (${images.length})`);
      assert.doesNotMatch(images[0]!, /loading="lazy"/, `${path}: the first card's image is not lazy`);
      assert.match(images[0]!, /fetchpriority="high"/, path);
      for (const later of images.slice(1)) assert.match(later, /loading="lazy"/, `${path}: later cards load lazily`);
    }
  });

  it('a bad cursor or filter value in a browser URL shows the list instead of an error', async () => {
    const bad = await get('/?cursor=garbage');
    assert.equal(bad.status, 200);
    const html = await bad.text();
    assert.doesNotMatch(html, /\(continued\)/, 'the first page, shown as the first page');
    const home = await (await get('/')).text();
    const headings = (page: string) => [...page.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    assert.deepEqual(headings(html), headings(home), 'with the featured work and headings of the home page');
    assert.equal((await get('/?year=abc&tag=%3Cb%3E')).status, 200);
  });

  it('escapes every catalog string in text, attributes and JSON-LD', async () => {
    const html = await (await get('/projects/xss-probe')).text();
    assert.ok(!html.includes('<script>alert'), 'no catalog string opens a script element');
    assert.ok(!html.includes('<img src=x'), 'no catalog string opens an element');
    assert.ok(html.includes('<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>'));
    assert.ok(html.includes('alt="&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;"'));
    assert.ok(html.includes('O&#39;Brien &amp; &lt;Co&gt;'));
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    assert.equal(blocks.length, 1, 'the JSON-LD block is not broken out of');
    assert.equal(JSON.parse(blocks[0]![1]!).name, '</script><script>alert(1)</script>');
  });

  it('renders a project page with valid Schema.org CreativeWork JSON-LD and a Markdown alternate', async () => {
    const res = await get('/projects/atlas-regional-trip-planner');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('vary') ?? '', /Accept/);
    assert.match(res.headers.get('link') ?? '', /\/projects\/atlas-regional-trip-planner\.md>; rel="alternate"; type="text\/markdown"/);
    const html = await res.text();
    // WAI-ARIA 1.2: one current page (the breadcrumb's project); the navigation's Work is the current section.
    assert.equal(html.match(/aria-current="page"/g)?.length, 1);
    assert.match(html, /<a href="\/" aria-current="true">/);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const doc = JSON.parse(json);
    assert.equal(doc['@context'], 'https://schema.org');
    assert.equal(doc['@type'], 'CreativeWork');
    assert.equal(doc.name, 'Atlas Regional Trip Planner');
    assert.equal(doc.url, `${server.baseUrl}/projects/atlas-regional-trip-planner`);
    assert.equal(doc.sponsor.name, 'Northvale Regional Transit Authority');
    assert.equal(doc.image.length, 3);
    assert.ok(html.includes('rel="noopener"'), 'the outbound link opens without window.opener');
    assert.ok(html.includes('href="/inquire?project=atlas-regional-trip-planner"'));
    assert.ok(html.includes('<strong>twelve ride-along interviews</strong>'), 'the description Markdown is rendered');
  });

  it('a project page ends with the newest other work of its industry, in HTML and in Markdown', async () => {
    const industry = (await (await get('/api/v1/projects?industry=healthcare&limit=100')).json()) as { data: { slug: string; title: string }[] };
    assert.ok(industry.data.length >= 3, 'the demo has several healthcare projects');
    const [newest, ...others] = industry.data;
    const expected = others.slice(0, 3).map((p) => p.slug);
    const html = await (await get(`/projects/${newest!.slug}`)).text();
    const section = /<section class="related" aria-labelledby="related-title">.*?<\/section>/.exec(html)?.[0] ?? '';
    assert.match(section, /<h2 id="related-title">More healthcare work<\/h2><a href="\/\?industry=healthcare">All Healthcare projects<\/a>/);
    assert.deepEqual([...section.matchAll(/<h3><a href="\/projects\/([a-z0-9-]+)">/g)].map((m) => m[1]), expected, 'the newest others, not the page\'s own project');
    const markdown = await (await get(`/projects/${newest!.slug}.md`)).text();
    assert.match(markdown, /^## More healthcare work$/m);
    assert.deepEqual([...markdown.matchAll(/^- \[[^\]]+\]\(<[^>]+\/projects\/([a-z0-9-]+)\.md>\)/gm)].map((m) => m[1]), expected);
    assert.ok(markdown.includes(`- [All Healthcare projects](<${server.baseUrl}/index.md?industry=healthcare>)`));
    // Another page of the industry lists the newest first, without itself.
    const second = await (await get(`/projects/${expected[0]}`)).text();
    assert.ok(second.includes(`<h3><a href="/projects/${newest!.slug}">`));
  });

  it('serves the Markdown mirror at .md and to Accept: text/markdown on the page URL (Vary: Accept)', async () => {
    const mirror = await get('/projects/atlas-regional-trip-planner.md');
    assert.equal(mirror.status, 200);
    assert.equal(mirror.headers.get('content-type'), 'text/markdown; charset=utf-8');
    const text = await mirror.text();
    assert.match(text, /^# Atlas Regional Trip Planner\n/);
    assert.ok(text.includes('- Client: Northvale Regional Transit Authority'));
    assert.ok(text.includes('We ran **twelve ride-along interviews**'), 'the description keeps its Markdown');
    assert.ok(text.includes(`${server.baseUrl}/api/v1/inquiries`));

    const negotiated = await get('/projects/atlas-regional-trip-planner', { accept: 'text/markdown' });
    assert.equal(negotiated.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.match(negotiated.headers.get('vary') ?? '', /\bAccept\b/);
    assert.equal(await negotiated.text(), text);
  });

  it('gives browsers an HTML 404 page and API clients a problem+json 404', async () => {
    const page = await get('/projects/no-such-project');
    assert.equal(page.status, 404);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.ok(page.headers.get('content-security-policy'));
    assert.match(await page.text(), /We could not find that page/);

    for (const accept of ['application/json', '*/*', '']) {
      const res = await fetch(`${server.baseUrl}/projects/no-such-project`, { headers: accept ? { accept } : {} });
      assert.equal(res.status, 404);
      assert.equal(res.headers.get('content-type'), 'application/problem+json', `Accept: ${accept || '(none)'}`);
      assert.equal(((await res.json()) as { error: string }).error, 'not_found');
    }
    const mirror = await fetch(`${server.baseUrl}/projects/no-such-project.md`);
    assert.equal(mirror.status, 404);
    await mirror.arrayBuffer();
  });

  it('keeps /api/, /oauth/, /mcp and 405 answers problem+json even for browsers', async () => {
    for (const path of ['/api/v1/projects/nope', '/api/v1/nothing', '/oauth/nothing', '/.well-known/nothing']) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get('content-type'), 'application/problem+json', path);
      await res.arrayBuffer();
    }
    const wrongMethod = await fetch(`${server.baseUrl}/`, { method: 'DELETE', headers: { accept: BROWSER } });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('content-type'), 'application/problem+json');
    assert.match(wrongMethod.headers.get('allow') ?? '', /GET/);
    await wrongMethod.arrayBuffer();
  });
});
