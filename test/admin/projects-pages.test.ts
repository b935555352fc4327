import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FormClient } from '../helpers/form-client.js';
import { signedInOwner } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';
const FORM = {
  slug: 'lantern-museum-guide',
  title: 'Lantern museum guide <beta>',
  summary: 'An audio guide for a maritime museum.',
  description: 'Built with **care**.',
  client: '',
  industry: 'culture',
  services: 'product-design, web-development',
  technologies: 'typescript',
  tags: 'museums, audio',
  year: '2026',
  url: '',
};

describe('/admin/projects: the owner edits the catalog in the browser', () => {
  let server: TestServer;
  let owner: FormClient;
  // What a browser sends back: the attribute value, unescaped.
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const etagOf = (slug: string, html: string) => unescape(new RegExp(`action="/admin/projects/${slug}/[a-z]+"[^]*?name="etag" value="([^"]+)"`).exec(html)![1]!);

  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    owner = await signedInOwner(server, OWNER);
  });
  after(async () => server?.close());

  it('sends people who are not signed in to the sign-in page, which returns them here', async () => {
    const res = await fetch(`${server.baseUrl}/admin/projects`, { redirect: 'manual' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/admin/login?next=%2Fadmin%2Fprojects');
  });

  it('marks the fields a project may be saved without as optional, and the others required', async () => {
    await owner.get('/admin/projects/new');
    for (const id of ['title', 'summary', 'industry', 'year']) {
      assert.match(owner.html, new RegExp(`<label for="${id}">[^<]*</label>`), `${id}: no "(optional)"`);
      assert.match(owner.html, new RegExp(`<(input|textarea) id="${id}" name="${id}" required=""`), `${id}: required`);
    }
    for (const id of ['slug', 'description', 'client', 'services', 'technologies', 'tags', 'url']) {
      assert.match(owner.html, new RegExp(`<label for="${id}">[^<]*<span class="optional"> \\(optional\\)</span></label>`), `${id}: optional`);
      assert.doesNotMatch(owner.html, new RegExp(`<(input|textarea) id="${id}" name="${id}" required`), `${id}: not required`);
    }
  });

  it('shows each invalid field next to it, keeps what was typed, and creates nothing', async () => {
    await owner.get('/admin/projects/new');
    const res = await owner.post('/admin/projects/new', { ...FORM, slug: 'Not A Slug', summary: '', year: '1800' });
    assert.equal(res.status, 422);
    assert.match(owner.html, /<title>Error: New project/);
    // Each line under its field is a sentence naming the field, as its summary item is (WCAG 2.2 SC 3.3.1).
    const lines = Object.fromEntries([...owner.html.matchAll(/<p class="field-error" id="([a-z_]+)-error"><span class="visually-hidden">Error: <\/span>([^<]*)<\/p>/g)].map((m) => [m[1]!, m[2]!]));
    assert.deepEqual(Object.keys(lines), ['slug', 'summary', 'year']);
    assert.match(lines.slug!, /^Slug must /);
    assert.equal(lines.summary, 'Summary is required.');
    assert.match(lines.year!, /^Year must be 1970 or /);
    for (const line of Object.values(lines)) assert.match(owner.html, new RegExp(`<li><a href="#[a-z_]+">${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a></li>`), 'the summary says the same');
    assert.match(owner.html, /value="Lantern museum guide &lt;beta&gt;"/);
    assert.equal(await server.store.projects.getAny('not-a-slug'), undefined);
  });

  it('keeps terms as typed in the catalog\'s form (Public Sector → public-sector) and makes an empty slug from the title', async () => {
    await owner.get('/admin/projects/new');
    const res = await owner.post('/admin/projects/new', { ...FORM, slug: '', title: 'Café Überlingen: Booking', industry: 'Public Sector', services: 'Product Design,  Web development', technologies: 'React Native, Node.js', tags: 'Öffentlich, audio' });
    assert.equal(res.status, 303, owner.html);
    const saved = await server.store.projects.getAny('cafe-uberlingen-booking');
    assert.ok(saved, 'the slug is made from the title');
    assert.deepEqual([saved.industry, saved.services, saved.technologies, saved.tags], ['public-sector', ['product-design', 'web-development'], ['react-native', 'node.js'], ['offentlich', 'audio']]);
    await owner.get('/admin/projects/new');
    const refused = await owner.post('/admin/projects/new', { ...FORM, slug: 'design-terms', tags: '設計' });
    assert.equal(refused.status, 422, 'a term with no Latin form is refused next to its field');
    assert.match(owner.html, /<p class="field-error" id="tags-error">/);
  });

  it('creates a draft, publishes it from the list (the public page appears), features it, and deletes it', async () => {
    await owner.get('/admin/projects/new');
    assert.equal((await owner.post('/admin/projects/new', FORM)).status, 303);
    assert.equal((await fetch(`${server.baseUrl}/projects/${FORM.slug}`)).status, 404, 'a draft is not public');
    // …but its owner can see it as it will look.
    const preview = await owner.get(`/admin/projects/${FORM.slug}/preview`);
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('cache-control'), 'no-store');
    assert.match(owner.html, /<meta name="robots" content="noindex, nofollow"\/>/);
    assert.match(owner.html, /Preview of a draft: visitors cannot see this page until it is published\./);
    assert.match(owner.html, /<h1>Lantern museum guide &lt;beta&gt;<\/h1>/);
    assert.equal((await fetch(`${server.baseUrl}/admin/projects/${FORM.slug}/preview`, { redirect: 'manual' })).status, 303, 'owners only');
    await owner.get(`/admin/projects/${FORM.slug}`);
    assert.match(owner.html, new RegExp(`<a href="/admin/projects/${FORM.slug}/preview">Preview the saved project`));
    await owner.get('/admin/projects');
    assert.match(owner.html, /Lantern museum guide &lt;beta&gt;<\/a> <span class="sub">lantern-museum-guide<\/span><\/td><td>2026<\/td><td>Draft/);
    assert.equal((await owner.post(`/admin/projects/${FORM.slug}/publish`, { etag: etagOf(FORM.slug, owner.html) })).status, 303);
    const page = await fetch(`${server.baseUrl}/projects/${FORM.slug}`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Lantern museum guide &lt;beta&gt;/);

    await owner.get('/admin/projects');
    const etag = etagOf(FORM.slug, owner.html);
    assert.equal((await owner.post(`/admin/projects/${FORM.slug}/feature`, { etag })).status, 303);
    const featured = (await (await fetch(`${server.baseUrl}/api/v1/projects?featured=true&limit=100`)).json()) as { data: { slug: string }[] };
    assert.ok(featured.data.some((p) => p.slug === FORM.slug));

    // The same (now stale) row clicked again: refused with a notice, nothing changed.
    const stale = await owner.post(`/admin/projects/${FORM.slug}/delete`, { etag });
    assert.equal(stale.status, 412);
    assert.match(owner.html, /Someone changed this project/);
    assert.equal((await fetch(`${server.baseUrl}/api/v1/projects/${FORM.slug}`)).status, 200);

    // The list only links to a confirmation (no undo, WCAG 2.2 SC 3.3.4); its form deletes.
    assert.match(owner.html, new RegExp(`<a class="danger-link" href="/admin/projects/${FORM.slug}/delete">`));
    assert.doesNotMatch(owner.html, new RegExp(`<form method="post" action="/admin/projects/${FORM.slug}/delete"`));
    assert.equal((await owner.get(`/admin/projects/${FORM.slug}/delete`)).status, 200);
    assert.match(owner.html, /<h1>Delete “Lantern museum guide &lt;beta&gt;” for good\?<\/h1>/);
    assert.equal((await fetch(`${server.baseUrl}/api/v1/projects/${FORM.slug}`)).status, 200, 'opening the confirmation deletes nothing');
    assert.equal((await owner.post(`/admin/projects/${FORM.slug}/delete`, { etag: etagOf(FORM.slug, owner.html) })).status, 303);
    assert.equal((await fetch(`${server.baseUrl}/api/v1/projects/${FORM.slug}`)).status, 404);
  });

  it('an edit form saved after someone else changed the project is refused with 412, not saved over', async () => {
    const slug = ((await (await fetch(`${server.baseUrl}/api/v1/projects?limit=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
    await owner.get(`/admin/projects/${slug}`);
    const formEtag = unescape(/name="etag" value="([^"]+)"/.exec(owner.html)![1]!);
    const title = /id="title" name="title"[^>]*value="([^"]*)"/.exec(owner.html)?.[1] ?? /value="([^"]*)"[^>]*id="title"/.exec(owner.html)?.[1];
    assert.ok(title, 'the title is in the form');
    // Another editor (the admin API) changes it first.
    const current = (await server.store.projects.getAny(slug))!;
    assert.notEqual(await server.store.projects.save({ ...current, summary: 'Changed elsewhere.' }, current, server.clock.now(), () => 'prj_unused'), 'conflict');
    // What the browser sends: every input's and textarea's value as the page showed them.
    const values = Object.fromEntries([...owner.html.matchAll(/<input id="([a-z_]+)" name="\1"[^>]*value="([^"]*)"/g), ...owner.html.matchAll(/<textarea id="([a-z_]+)" name="\1"[^>]*>([^<]*)<\/textarea>/g)].map((m) => [m[1]!, unescape(m[2]!.replace(/&#39;/g, "'"))]));
    for (const box of ['featured', 'published']) if (new RegExp(`<input id="${box}" type="checkbox"[^>]* checked`).test(owner.html)) values[box] = '1';
    const res = await owner.post(`/admin/projects/${slug}`, { ...FORM, ...values, etag: formEtag, summary: 'Mine.' });
    assert.equal(res.status, 412);
    assert.equal((await server.store.projects.getAny(slug))!.summary, 'Changed elsewhere.');
    // The form comes back with the owner's values, and under each field where the saved version
    // differs, what it holds: here the summary (changed elsewhere and here) and nothing else typed
    // the same.
    assert.match(owner.html, /<textarea id="summary" name="summary"[^>]*aria-describedby="summary-hint summary-saved"[^>]*>Mine\.<\/textarea>/);
    assert.match(owner.html, /<p class="saved-value" id="summary-saved">Saved meanwhile: <span class="saved-text">Changed elsewhere\.<\/span><\/p>/);
    assert.deepEqual(owner.html.match(/id="[a-z]+-saved"/g), ['id="summary-saved"'], 'fields sent as saved show nothing');
    assert.match(owner.html, /so nothing was saved/);

    // Reopened, the form carries the new version and the edit is saved.
    await owner.get(`/admin/projects/${slug}`);
    const fresh = Object.fromEntries([...owner.html.matchAll(/<input id="([a-z_]+)" name="\1"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, unescape(m[2]!)]));
    const saved = await owner.post(`/admin/projects/${slug}`, { ...FORM, ...fresh, etag: unescape(/name="etag" value="([^"]+)"/.exec(owner.html)![1]!), summary: 'Mine.', published: '1' });
    assert.equal(saved.status, 303, owner.html.slice(0, 300));
    assert.equal(((await (await fetch(`${server.baseUrl}/api/v1/projects/${slug}`)).json()) as { summary: string }).summary, 'Mine.');
  });
});
