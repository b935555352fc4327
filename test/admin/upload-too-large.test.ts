import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FormClient } from '../helpers/form-client.js';
import { ownerApiToken, signedInOwner } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';
const LIMIT = 256 * 1024;

/** A form with a file `bytes` long: the owner's typed edits and an image too large to send. */
function formWithFile(fields: Record<string, string>, fileField: string, bytes: number): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(fileField, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'huge.png');
  return form;
}

describe('an owner form over the upload limit', () => {
  let server: TestServer;
  let owner: FormClient;
  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, UPLOAD_LIMIT_BYTES: String(LIMIT), RATE_LIMITS_ENABLED: 'false' } });
    owner = await signedInOwner(server, OWNER);
  });
  after(async () => server?.close());

  const oversized = () => formWithFile({ name: 'Larchwood Studio', tagline: 'Changed, but not saved' }, 'logo', LIMIT + 1024);

  it('a browser gets a page saying nothing was saved and what the limit is, not raw JSON', async () => {
    await owner.get('/admin/profile');
    const res = await owner.postMultipart('/admin/profile', oversized());
    assert.equal(res.status, 413);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(owner.html, /<h1>That was too large to send<\/h1>/);
    assert.match(owner.html, /Nothing was saved: a form may send at most 256 KiB, files included\./);
    assert.match(owner.html, /<a class="button" href="\/admin\/profile">Back to the form<\/a>/, 'it leads back to the form');
    const studio = (await (await fetch(`${server.baseUrl}/api/v1/studio`)).json()) as { tagline: string };
    assert.notEqual(studio.tagline, 'Changed, but not saved');
  });

  it('the project editor\'s forms, new and existing, lead back to themselves; the project is unchanged', async () => {
    const { slug, title } = ((await (await fetch(`${server.baseUrl}/api/v1/projects?limit=1`)).json()) as { data: { slug: string; title: string }[] }).data[0]!;
    for (const path of ['/admin/projects/new', `/admin/projects/${slug}`]) {
      await owner.get(path);
      const res = await owner.postMultipart(path, formWithFile({ title: 'Retitled, but not saved', upload_1_alt: 'A screen' }, 'upload_1_file', LIMIT + 1));
      assert.equal(res.status, 413, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(owner.html, /Nothing was saved: a form may send at most 256 KiB, files included\./);
      assert.ok(owner.html.includes(`<a class="button" href="${path}">Back to the form</a>`), path);
    }
    const project = (await (await fetch(`${server.baseUrl}/api/v1/projects/${slug}`)).json()) as { title: string };
    assert.equal(project.title, title);
  });

  it('the project form says before sending how much its files may come to', async () => {
    await owner.get('/admin/projects/new');
    assert.match(owner.html, /The files chosen\s+at once may come to at most 256 KiB in all \(larger, and nothing is saved\)/);
    assert.match(owner.html, /id="upload_1_file"[^>]*aria-describedby="images-hint"/);
  });

  it('a program still gets the problem document, on the forms and on the admin API whatever it accepts', async () => {
    const res = await fetch(`${server.baseUrl}/admin/profile`, { method: 'POST', headers: { accept: 'application/json' }, body: oversized() });
    assert.equal(res.status, 413);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(((await res.json()) as { error: string }).error, 'payload_too_large');
    const token = await ownerApiToken(server, OWNER);
    const api = await fetch(`${server.baseUrl}/api/v1/admin/media`, { method: 'POST', headers: { accept: 'text/html', authorization: `Bearer ${token}` }, body: formWithFile({ alt: 'A screen' }, 'file', LIMIT + 1) });
    assert.equal(api.status, 413);
    assert.equal(api.headers.get('content-type'), 'application/problem+json');
  });
});

describe('an owner form over the default upload limit', () => {
  let server: TestServer;
  let owner: FormClient;
  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    owner = await signedInOwner(server, OWNER);
  });
  after(async () => server?.close());

  it('states the limit in MiB: 10 MiB, on the form and on the page after', async () => {
    await owner.get('/admin/projects/new');
    assert.match(owner.html, /at most 10 MiB in all/);
    const res = await owner.postMultipart('/admin/projects/new', formWithFile({ title: 'Big' }, 'upload_1_file', 10 * 1024 * 1024 + 1));
    assert.equal(res.status, 413);
    assert.match(owner.html, /Nothing was saved: a form may send at most 10 MiB, files included\./);
    assert.match(owner.html, /href="\/admin\/projects\/new">Back to the form</);
  });
});
