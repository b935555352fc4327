import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FormClient } from '../helpers/form-client.js';
import { signedInOwner } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';
const LIMIT = 256 * 1024;

describe('an owner form over the upload limit', () => {
  let server: TestServer;
  let owner: FormClient;
  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, UPLOAD_LIMIT_BYTES: String(LIMIT), RATE_LIMITS_ENABLED: 'false' } });
    owner = await signedInOwner(server, OWNER);
  });
  after(async () => server?.close());

  const oversized = () => {
    const form = new FormData();
    form.set('name', 'Larchwood Studio');
    form.set('tagline', 'Changed, but not saved');
    form.set('logo', new Blob([new Uint8Array(LIMIT + 1024)], { type: 'image/png' }), 'huge.png');
    return form;
  };

  it('a browser gets a page saying nothing was saved and what the limit is, not raw JSON', async () => {
    await owner.get('/admin/profile');
    const res = await owner.postMultipart('/admin/profile', oversized());
    assert.equal(res.status, 413);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(owner.html, /<h1>That was too large to send<\/h1>/);
    assert.match(owner.html, /Nothing was saved: a form may send at most 256 KiB, files included\./);
    const studio = (await (await fetch(`${server.baseUrl}/api/v1/studio`)).json()) as { tagline: string };
    assert.notEqual(studio.tagline, 'Changed, but not saved');
  });

  it('a program still gets the problem document', async () => {
    const res = await fetch(`${server.baseUrl}/admin/profile`, { method: 'POST', headers: { accept: 'application/json' }, body: oversized() });
    assert.equal(res.status, 413);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(((await res.json()) as { error: string }).error, 'payload_too_large');
  });
});
