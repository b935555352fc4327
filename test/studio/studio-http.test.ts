import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, connectV2 } from '../mcp/mcp-clients.js';
import { signedInOwner } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { FormClient } from '../helpers/form-client.js';

const OWNER = 'owner@studio.example';

interface Studio {
  name: string;
  tagline: string;
  services: { name: string; description: string }[];
  location: string | null;
  accent_color: string;
  logo: { url: string; content_type: string; width: number; height: number } | null;
}

const profileForm = (fields: Record<string, string>) => ({
  name: 'Larchwood Studio',
  tagline: 'Design and engineering',
  introduction: 'We build **things**.',
  services: 'Research: interviews\nEngineering: apps',
  location: 'Bristol',
  contact_email: 'hello@larchwood.example',
  links: 'GitHub: https://github.com/larchwood',
  accent_color: '#1f5f4a',
  ...fields,
});

describe('the studio profile over HTTP, in pages, documents and MCP', () => {
  let server: TestServer;
  let owner: FormClient;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
  const firstSlug = async () => ((await (await get('/api/v1/projects?limit=1')).json()) as { data: { slug: string }[] }).data[0]!.slug;
  /** The profile form as the owner sends it, with `fields` changed. */
  const saveProfile = async (fields: Record<string, string>) => {
    await owner.get('/admin/profile');
    const form = new FormData();
    for (const [k, v] of Object.entries(profileForm(fields))) form.set(k, v);
    return owner.postMultipart('/admin/profile', form);
  };

  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    owner = await signedInOwner(server, OWNER);
  });
  after(async () => server?.close());

  it('GET /api/v1/studio answers the demo studio with a strong ETag, and 304 for it', async () => {
    const res = await get('/api/v1/studio');
    assert.equal(res.status, 200);
    const studio = (await res.json()) as Studio;
    assert.equal(studio.name, 'Larchwood Studio');
    assert.equal(studio.location, 'Bristol, United Kingdom');
    assert.equal(studio.services.length, 4);
    assert.equal(studio.logo?.content_type, 'image/svg+xml');
    assert.deepEqual([studio.logo?.width, studio.logo?.height], [40, 40]);
    const etag = res.headers.get('etag')!;
    assert.match(etag, /^"/);
    assert.equal((await get('/api/v1/studio', { 'if-none-match': etag })).status, 304);
  });

  it('the sandbox twin serves its fixed fixture studio', async () => {
    const studio = (await (await get('/api/v1/sandbox/studio')).json()) as Studio;
    assert.equal(studio.name, 'Sandbox Studio');
  });

  it('serves the logo and the accent stylesheet at content-hashed immutable URLs; the SVG as a sandboxed document', async () => {
    const studio = (await (await get('/api/v1/studio')).json()) as Studio;
    const logo = await get(new URL(studio.logo!.url).pathname);
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get('content-type'), 'image/svg+xml');
    assert.equal(logo.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(logo.headers.get('content-security-policy')!, /sandbox/);
    // RFC 9110 §13.1.2: the tag alone, its weak form, in a list, or *.
    const tag = logo.headers.get('etag')!;
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) assert.equal((await get(new URL(studio.logo!.url).pathname, { 'if-none-match': header })).status, 304, header);
    const home = await (await get('/', { accept: 'text/html' })).text();
    const css = /<link rel="stylesheet" href="(\/media\/studio-[^"]+\.css)"/.exec(home)![1]!;
    const sheet = await get(css);
    assert.equal(sheet.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(await sheet.text(), /--accent: #1f5f4a;/);
    assert.equal((await get('/media/studio-AAAAAAAAAAAAAAAA.css', { accept: 'application/json' })).status, 404);
  });

  it('the home page shows the name, tagline, introduction, services, logo and footer, with Organization and ItemList JSON-LD', async () => {
    const html = await (await get('/', { accept: 'text/html' })).text();
    assert.match(html, /<title>Larchwood Studio — Design and engineering for public services and the companies that serve them<\/title>/);
    assert.match(html, /<meta property="og:site_name" content="Larchwood Studio"/);
    assert.match(html, /<h1 id="page-title">Larchwood Studio<\/h1>/);
    assert.match(html, /<strong>transit planners, patient portals, museum guides and payment platforms<\/strong>/);
    assert.match(html, /<img class="brand-logo" src="\/media\/logo-[A-Za-z0-9_-]+\.svg" alt="" width="40" height="40"/);
    assert.doesNotMatch(html, /og:image/, 'link previews show no SVG');
    assert.match(html, /href="mailto:hello@larchwood.example"/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)![1]!) as { '@graph': Record<string, unknown>[] };
    const [org, list] = ld['@graph'] as [Record<string, unknown>, { itemListElement: { item: { url: string } }[]; numberOfItems: number }];
    assert.equal(org['@type'], 'Organization');
    assert.equal(org.name, 'Larchwood Studio');
    assert.match(String(org.description), /transit planners, patient portals/);
    assert.doesNotMatch(String(org.description), /\*\*|&amp;|</, 'schema.org description is text: no Markdown, no HTML');
    assert.deepEqual(org.sameAs, ['https://larchwood.example', 'https://www.linkedin.com/company/larchwood-studio-example', 'https://github.com/larchwood-studio-example']);
    assert.ok(list.numberOfItems > 0 && list.itemListElement.length === list.numberOfItems);
    const featured = (await (await get('/api/v1/projects?featured=true&limit=100')).json()) as { data: { links: { html: string } }[] };
    for (const entry of list.itemListElement) assert.ok(featured.data.some((p) => p.links.html === entry.item.url), entry.item.url);
  });

  it('names the studio in /llms.txt, /auth.md, the OpenAPI info and the inquiry form', async () => {
    const llms = await (await get('/llms.txt')).text();
    assert.match(llms, /^# Larchwood Studio portfolio catalog$/m);
    assert.match(llms, /^- Research: Interviews, field studies/m);
    assert.match(await (await get('/auth.md')).text(), /^# Authenticating with Larchwood Studio$/m);
    const doc = (await (await get('/openapi.json')).json()) as { info: { title: string; contact: { email: string } } };
    assert.equal(doc.info.title, 'Larchwood Studio — portfolio catalog API');
    assert.equal(doc.info.contact.email, 'hello@larchwood.example');
    assert.match(await (await get('/docs.md')).text(), /^# Larchwood Studio — portfolio catalog API\n/, 'the Markdown reference too');
    assert.match(await (await get('/inquire', { accept: 'text/html' })).text(), /<h1>Start a project with Larchwood Studio<\/h1>/);
  });

  it('MCP get_studio answers the profile as structured content through the official SDK client', async () => {
    const client = await connectV2(server.baseUrl, 'auto');
    const tools = await client.listTools();
    const tool = tools.tools.find((t) => t.name === 'get_studio')!;
    assert.deepEqual(tool.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.ok(tool.outputSchema);
    const result = await call(client, 'get_studio');
    assert.equal(result.isError, undefined);
    assert.equal((result.structuredContent as unknown as Studio).name, 'Larchwood Studio');
    await client.close();
  });

  it('/admin/profile refuses a low-contrast accent colour next to its field, naming the ratio, and saves nothing', async () => {
    assert.equal((await owner.get('/admin/profile')).status, 200);
    assert.match(owner.html, /value="Larchwood Studio"/);
    const res = await owner.post('/admin/profile', profileForm({ name: 'Changed', accent_color: '#ffcc00' }));
    assert.equal(res.status, 422);
    assert.match(owner.html, /<p class="field-error" id="accent_color-error"><span class="visually-hidden">Error: <\/span>Accent colour: contrast 1\.\d\d:1 against the page background #f7f4ef is below the 4\.5:1/);
    assert.match(owner.html, /aria-describedby="accent_color-hint accent_color-error"/);
    assert.match(owner.html, /value="Changed"/, 'what was typed is kept');
    assert.equal(((await (await get('/api/v1/studio')).json()) as Studio).name, 'Larchwood Studio');
  });

  it('/admin/profile refuses an SVG logo with a script and a .png that is HTML', async () => {
    await owner.get('/admin/profile');
    for (const [name, body, type] of [
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['logo.png', '<!doctype html><html><body>hi</body></html>', 'image/png'],
    ] as const) {
      const form = new FormData();
      for (const [k, v] of Object.entries(profileForm({}))) form.set(k, v);
      form.set('logo', new Blob([body], { type }), name);
      const res = await owner.postMultipart('/admin/profile', form);
      assert.equal(res.status, 422, name);
      assert.match(owner.html, /id="logo-error"/, name);
    }
  });

  it('the reply promise is the studio\'s own: shown on the inquiry form, its thank-you page, project pages and the API; none promised when it is empty', async () => {
    const slug = await firstSlug();
    const save = async (reply_promise: string) => assert.equal((await saveProfile({ reply_promise })).status, 303, owner.html);
    const pages = async () => [await (await get('/inquire', { accept: 'text/html' })).text(), await (await get(`/projects/${slug}`, { accept: 'text/html' })).text()];

    await save('Wir antworten innerhalb von 24 Stunden.');
    for (const html of await pages()) assert.match(html, /Wir antworten innerhalb von 24 Stunden\./);
    assert.equal(((await (await get('/api/v1/studio')).json()) as { reply_promise: string }).reply_promise, 'Wir antworten innerhalb von 24 Stunden.');
    await owner.get('/admin/profile');
    assert.match(owner.html, /id="reply_promise" name="reply_promise" type="text" value="Wir antworten innerhalb von 24 Stunden\."/, 'the form shows what was saved');

    await save('');
    for (const html of await pages()) {
      assert.doesNotMatch(html, /working days|24 Stunden/, 'no promise the studio did not make');
      assert.match(html, /We reply by email\./);
    }
    const inquiry = await fetch(`${server.baseUrl}/inquire`, { method: 'POST', redirect: 'manual', headers: { accept: 'text/html' }, body: new URLSearchParams({ name: 'Ada', email: 'ada@example.com', message: 'Tell us more please.' }) });
    if (inquiry.status === 303) assert.doesNotMatch(await (await get(inquiry.headers.get('location')!, { accept: 'text/html' })).text(), /working days/);
  });

  it('studio-written text carries the studio\'s content language (WCAG 2.2 SC 3.1.2); the English page around it does not', async () => {
    const slug = await firstSlug();
    const save = (content_language: string) => saveProfile({ content_language });
    assert.equal((await save('not a tag!')).status, 422);
    assert.match(owner.html, /<p class="field-error" id="content_language-error"><span class="visually-hidden">Error: <\/span>Language of your texts must be a language tag/);

    assert.equal((await save('DE-at')).status, 303, owner.html);
    assert.equal(((await (await get('/api/v1/studio')).json()) as { content_language: string }).content_language, 'de-AT', 'kept in canonical form');
    const home = await (await get('/', { accept: 'text/html' })).text();
    assert.match(home, /<html lang="en">/, 'the page itself is English');
    assert.match(home, /<div class="lead studio-intro" lang="de-AT">/);
    assert.match(home, /<h3 lang="de-AT"><a href="\/projects\//, 'project cards');
    const page = await (await get(`/projects/${slug}`, { accept: 'text/html' })).text();
    assert.match(page, /<h1 lang="de-AT">/);
    assert.match(page, /<p class="lead" lang="de-AT">/);
    assert.match(page, /<h2 id="about-title">About the project<\/h2><div lang="de-AT">/, 'the description, under an English heading');

    assert.equal((await save('')).status, 303);
    const plain = await (await get(`/projects/${slug}`, { accept: 'text/html' })).text();
    assert.doesNotMatch(plain, / lang="de/, 'empty: English like the pages, no lang attributes');
    assert.match(plain, /<h1>/);
  });

  it('a saved profile (with a new PNG logo) shows at once on the site, the API and the accent stylesheet', async () => {
    await owner.get('/admin/profile');
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 120, height: 30, channels: 3, background: '#123456' } }).png().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries(profileForm({ name: 'Harbour <&> Pine', accent_color: '#6b21a8', services: 'Ferries: timetables' }))) form.set(k, v);
    form.set('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const res = await owner.postMultipart('/admin/profile', form);
    assert.equal(res.status, 303, owner.html);
    const studio = (await (await get('/api/v1/studio')).json()) as Studio;
    assert.equal(studio.name, 'Harbour <&> Pine');
    assert.deepEqual([studio.logo?.content_type, studio.logo?.width, studio.logo?.height], ['image/png', 120, 30]);
    const html = await (await get('/', { accept: 'text/html' })).text();
    assert.match(html, /<h1 id="page-title">Harbour &lt;&amp;&gt; Pine<\/h1>/);
    assert.match(html, /<meta property="og:image" content="http[^"]+\/media\/logo-[A-Za-z0-9_-]+\.png"\/?><meta property="og:image:width" content="120"/, 'a raster logo is the preview');
    const css = /<link rel="stylesheet" href="(\/media\/studio-[^"]+\.css)"/.exec(html)![1]!;
    assert.match(await (await get(css)).text(), /--accent: #6b21a8;/);
    assert.match(await (await get('/llms.txt')).text(), /^# Harbour <&> Pine portfolio catalog$/m);
    assert.match(await (await get('/docs.md')).text(), /^# Harbour <&> Pine — portfolio catalog API\n/, 'the Markdown reference follows the profile');
  });

  it('two owners editing the profile at once: the later save of an older form is a 412 that keeps their text and saves nothing', async () => {
    const versionIn = (html: string) => /name="version" value="([^"]+)"/.exec(html)![1]!.replaceAll('&quot;', '"');
    await owner.get('/admin/profile');
    const opened = versionIn(owner.html);
    assert.equal((await saveProfile({ name: 'First Owner Studio' })).status, 303, 'the other owner saves first');
    const form = new FormData();
    for (const [k, v] of Object.entries(profileForm({ name: 'Second Owner Studio' }))) form.set(k, v);
    form.set('version', opened);
    const stale = await owner.postMultipart('/admin/profile', form);
    assert.equal(stale.status, 412);
    assert.match(owner.html, /role="alert"[^>]*>\s*<p>Someone saved the profile after you opened this page/);
    assert.match(owner.html, /id="name" name="name" type="text" value="Second Owner Studio"/, 'their text is not lost');
    assert.equal(((await (await get('/api/v1/studio')).json()) as Studio).name, 'First Owner Studio', 'and not saved');

    form.set('version', versionIn(owner.html));
    form.set('_csrf', owner.csrf);
    assert.equal((await owner.postMultipart('/admin/profile', form)).status, 303, 'saved again from that page, it goes through');
    assert.equal(((await (await get('/api/v1/studio')).json()) as Studio).name, 'Second Owner Studio');
  });
});

