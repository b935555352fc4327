import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ownerApiToken } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';
const API = '/api/v1/admin/projects';
const NEW = {
  title: 'Tidewater ferry booking',
  summary: 'Tickets and timetables for a ferry company.',
  description: 'We built **booking**.',
  client: 'Tidewater Ferries',
  industry: 'transport',
  services: ['web-development'],
  technologies: ['typescript'],
  tags: ['booking'],
  year: 2025,
  featured: false,
  url: null,
  images: [],
  published_at: null,
};

describe('the admin projects API: ETag and If-Match, never a lost update (RFC 9110 §13.1.1)', () => {
  let server: TestServer;
  let token: string;
  const admin = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });
  const publicGet = (slug: string) => fetch(`${server.baseUrl}/api/v1/projects/${slug}`);

  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    token = await ownerApiToken(server, OWNER);
  });
  after(async () => server?.close());

  it('refuses requests without an owner token', async () => {
    const res = await fetch(`${server.baseUrl}${API}/tidewater`);
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="vitrine admin"');
  });

  it('an owner\'s body holding U+0000 is still a 400 naming (body), checked once the token is known', async () => {
    const res = await admin(`${API}/nul-check`, { method: 'PUT', body: JSON.stringify({ ...NEW, title: 'Tide\u0000water' }) });
    assert.equal(res.status, 400);
    const problem = (await res.json()) as { errors?: { path: string }[] };
    assert.deepEqual(problem.errors?.map((e) => e.path), ['(body)']);
  });

  it('PUT without If-Match creates a draft (201, Location, ETag) that the public API does not show', async () => {
    const res = await admin(`${API}/tidewater`, { method: 'PUT', body: JSON.stringify(NEW) });
    assert.equal(res.status, 201, await res.clone().text());
    assert.equal(res.headers.get('location'), `${server.baseUrl}${API}/tidewater`);
    assert.match(res.headers.get('etag')!, /^"prj_[^"]+\.1"$/);
    const body = (await res.json()) as { slug: string; published_at: string | null };
    assert.equal(body.slug, 'tidewater');
    assert.equal((await publicGet('tidewater')).status, 404);
  });

  it('PUT of an existing project without If-Match is 428; with a stale one 412; unknown fields 400 naming them', async () => {
    assert.equal((await admin(`${API}/tidewater`, { method: 'PUT', body: JSON.stringify(NEW) })).status, 428);
    const stale = await admin(`${API}/tidewater`, { method: 'PUT', body: JSON.stringify(NEW), headers: { 'if-match': '"prj_nope.1"' } });
    assert.equal(stale.status, 412);
    assert.equal(((await stale.json()) as { error: string }).error, 'precondition_failed');
    const etag = (await admin(`${API}/tidewater`)).headers.get('etag')!;
    const bad = await admin(`${API}/tidewater`, { method: 'PUT', body: JSON.stringify({ ...NEW, summary: 'x'.repeat(281), colour: 'red' }), headers: { 'if-match': etag } });
    assert.equal(bad.status, 400);
    const paths = ((await bad.json()) as { errors: { path: string }[] }).errors.map((e) => e.path);
    assert.deepEqual(paths.sort(), ['colour', 'summary']);
  });

  it('If-None-Match (RFC 9110 §13.1.2): `*` creates only a free slug, a write naming the current ETag is 412, a read holding it is 304', async () => {
    const created = await admin(`${API}/only-once`, { method: 'PUT', body: JSON.stringify(NEW), headers: { 'if-none-match': '*' } });
    assert.equal(created.status, 201, 'a free slug: created');
    const etag = created.headers.get('etag')!;
    const again = await admin(`${API}/only-once`, { method: 'PUT', body: JSON.stringify(NEW), headers: { 'if-none-match': '*' } });
    assert.equal(again.status, 412, 'it exists: 412, not 428');
    assert.match(((await again.json()) as { detail: string }).detail, /exists already/);
    const both = await admin(`${API}/only-once`, { method: 'PUT', body: JSON.stringify(NEW), headers: { 'if-match': etag, 'if-none-match': '*' } });
    assert.equal(both.status, 412, 'If-Match holds, If-None-Match: * does not (§13.2.2)');
    const patch = await admin(`${API}/only-once`, { method: 'PATCH', body: JSON.stringify({ summary: 'Changed.' }), headers: { 'if-match': etag, 'if-none-match': etag } });
    assert.equal(patch.status, 412);

    const cached = await admin(`${API}/only-once`, { headers: { 'if-none-match': etag } });
    assert.equal(cached.status, 304);
    assert.equal(cached.headers.get('etag'), etag);
    assert.equal(await cached.text(), '');
    assert.equal((await admin(`${API}/only-once`, { headers: { 'if-none-match': '"prj_other.1"' } })).status, 200);
    assert.equal((await admin(`${API}/only-once`, { method: 'DELETE', headers: { 'if-match': etag } })).status, 204);
  });

  it('a term named twice in a list (in any case or spacing the form turns into the same term) is kept once, in its first place', async () => {
    const res = await admin(`${API}/twice-named`, { method: 'PUT', body: JSON.stringify({ ...NEW, services: ['web-development', 'web-development'], technologies: ['typescript', 'go', ' typescript '], tags: ['booking', 'ferries', 'booking'] }) });
    assert.equal(res.status, 201, await res.clone().text());
    const saved = (await res.json()) as { services: string[]; technologies: string[]; tags: string[] };
    assert.deepEqual([saved.services, saved.technologies, saved.tags], [['web-development'], ['typescript', 'go'], ['booking', 'ferries']]);
  });

  it('PUT may leave out `slug` (the URL names it), as the OpenAPI document says', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { components: { schemas: Record<string, { required?: string[] }> } };
    assert.ok(!doc.components.schemas.ProjectEdit!.required?.includes('slug'), 'slug is not required in ProjectEdit');
    assert.equal((await admin(`${API}/no-slug-field`, { method: 'PUT', body: JSON.stringify(NEW) })).status, 201);
  });

  it('PATCH publishes with the current ETag, the public API shows it at once, and the old ETag is then 412', async () => {
    const got = await admin(`${API}/tidewater`);
    const etag = got.headers.get('etag')!;
    const versionBefore = await server.store.projects.version();
    const res = await admin(`${API}/tidewater`, { method: 'PATCH', body: JSON.stringify({ published_at: '2026-06-01T12:00:00Z', featured: true }), headers: { 'if-match': etag, 'content-type': 'application/merge-patch+json' } });
    assert.equal(res.status, 200, await res.clone().text());
    const newEtag = res.headers.get('etag')!;
    assert.notEqual(newEtag, etag);
    assert.ok((await server.store.projects.version()) > versionBefore, 'the catalog version moved on');
    const shown = await publicGet('tidewater');
    assert.equal(shown.status, 200);
    assert.equal(((await shown.json()) as { featured: boolean }).featured, true);

    // Two editors started from the same version: the second write is refused, not lost.
    const lost = await admin(`${API}/tidewater`, { method: 'PATCH', body: JSON.stringify({ title: 'Overwritten' }), headers: { 'if-match': etag } });
    assert.equal(lost.status, 412);
    assert.equal(((await (await publicGet('tidewater')).json()) as { title: string }).title, NEW.title);
    assert.equal((await admin(`${API}/tidewater`, { method: 'PATCH', body: JSON.stringify({ title: 'x' }) })).status, 428);
  });

  it('concurrent writes with the same If-Match: exactly one wins', async () => {
    const etag = (await admin(`${API}/tidewater`)).headers.get('etag')!;
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((title) => admin(`${API}/tidewater`, { method: 'PATCH', body: JSON.stringify({ title }), headers: { 'if-match': etag } })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 412, 412]);
  });

  it('lists every project, drafts included; DELETE needs the current ETag and removes it from the public API', async () => {
    const all = (await (await admin(API)).json()) as { data: { slug: string }[] };
    assert.ok(all.data.length > 30 && all.data.some((p) => p.slug === 'tidewater'));
    const etag = (await admin(`${API}/tidewater`)).headers.get('etag')!;
    assert.equal((await admin(`${API}/tidewater`, { method: 'DELETE', headers: { 'if-match': '"prj_x.9"' } })).status, 412);
    assert.equal((await admin(`${API}/tidewater`, { method: 'DELETE', headers: { 'if-match': etag } })).status, 204);
    assert.equal((await publicGet('tidewater')).status, 404);
    assert.equal((await admin(`${API}/tidewater`)).status, 404);
  });
});
