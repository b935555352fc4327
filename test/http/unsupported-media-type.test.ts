import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { ownerApiToken } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';

/**
 * RFC 9110 §15.5.16: a 415 says which types the server takes. The field for that depends on the
 * method: Accept-Post (W3C LDP §7.1.2) on a POST, Accept-Patch on a PATCH (RFC 5789 §2.2, and
 * §3.1: also on OPTIONS of a resource that takes PATCH); HTTP has none for PUT.
 */
describe('415 names the accepted types in the field of its method', () => {
  let server: TestServer;
  let token: string;
  let slug: string;
  let inquiryId: string;

  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    token = await ownerApiToken(server, OWNER);
    slug = ((await (await fetch(`${server.baseUrl}/api/v1/projects?limit=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
    const created = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A question about a new project.' }),
    });
    inquiryId = ((await created.json()) as { id: string }).id;
  });
  after(async () => server.close());

  const send = (method: string, path: string) =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: 'not json' });

  it('a PATCH with another type: 415 with Accept-Patch naming the merge patch, never Accept-Post', async () => {
    for (const path of [`/api/v1/admin/projects/${slug}`, `/api/v1/admin/inquiries/${inquiryId}`]) {
      const res = await send('PATCH', path);
      assert.equal(res.status, 415, path);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      assert.equal(res.headers.get('accept-patch'), 'application/merge-patch+json, application/json', path);
      assert.equal(res.headers.get('accept-post'), null, path);
      assert.match(((await res.json()) as { detail: string }).detail, /application\/merge-patch\+json/);
    }
  });

  it('a PATCH sent as a JSON Patch (RFC 6902), JSON of a format not applied here, is a 415 with Accept-Patch (RFC 5789 §2.2) and changes nothing', async () => {
    const project = await fetch(`${server.baseUrl}/api/v1/admin/projects/${slug}`, { headers: { authorization: `Bearer ${token}` } });
    const { title } = (await project.json()) as { title: string };
    const res = await fetch(`${server.baseUrl}/api/v1/admin/projects/${slug}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json-patch+json', 'if-match': project.headers.get('etag')! },
      body: JSON.stringify([{ op: 'replace', path: '/title', value: 'Patched' }]),
    });
    assert.equal(res.status, 415);
    assert.equal(res.headers.get('accept-patch'), 'application/merge-patch+json, application/json');
    await res.arrayBuffer();
    assert.equal(((await (await fetch(`${server.baseUrl}/api/v1/projects/${slug}`)).json()) as { title: string }).title, title);
  });

  it('a PUT with another type: 415 without Accept-Post (a POST-only field)', async () => {
    const res = await send('PUT', `/api/v1/admin/projects/${slug}`);
    assert.equal(res.status, 415);
    assert.equal(res.headers.get('accept-post'), null);
    await res.arrayBuffer();
  });

  it('a POST with another type keeps Accept-Post', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    assert.equal(res.status, 415);
    assert.equal(res.headers.get('accept-post'), 'application/json');
    assert.equal(res.headers.get('accept-patch'), null);
    await res.arrayBuffer();
  });

  it('OPTIONS on a resource that takes PATCH advertises Accept-Patch (RFC 5789 §3.1); one that does not, none', async () => {
    const patchable = await fetch(`${server.baseUrl}/api/v1/admin/projects/${slug}`, { method: 'OPTIONS' });
    assert.equal(patchable.status, 204);
    assert.match(String(patchable.headers.get('allow')), /PATCH/);
    assert.equal(patchable.headers.get('accept-patch'), 'application/merge-patch+json, application/json');
    const readOnly = await fetch(`${server.baseUrl}/api/v1/projects`, { method: 'OPTIONS' });
    assert.equal(readOnly.headers.get('accept-patch'), null);
  });

  it('the OpenAPI document declares Accept-Post on POST 415s and Accept-Patch on PATCH 415s', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    const headersOf = (path: string, method: 'post' | 'patch') => Object.keys((doc.paths![path]![method]!.responses['415'] as { headers?: object }).headers ?? {});
    assert.ok(headersOf('/api/v1/inquiries', 'post').includes('Accept-Post'));
    assert.ok(headersOf('/api/v1/keys', 'post').includes('Accept-Post'));
    assert.ok(headersOf('/api/v1/admin/projects/{slug}', 'patch').includes('Accept-Patch'));
    assert.ok(headersOf('/api/v1/admin/inquiries/{id}', 'patch').includes('Accept-Patch'));
  });
});
