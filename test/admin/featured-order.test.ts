import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FormClient } from '../helpers/form-client.js';
import { signedInOwner } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OWNER = 'owner@studio.example';

describe('/admin/projects: the owner reorders the featured projects', () => {
  let server: TestServer;
  let owner: FormClient;
  const restOrder = async () => ((await (await fetch(`${server.baseUrl}/api/v1/projects?featured=true&limit=100`)).json()) as { data: { slug: string }[] }).data.map((p) => p.slug);
  const homeOrder = async () => {
    const html = await (await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    const section = /<ul class="cards featured">([^]*?)<\/ul>/.exec(html)![1]!;
    return [...section.matchAll(/href="\/projects\/([a-z0-9-]+)"/g)].map((m) => m[1]!).filter((s, i, all) => all.indexOf(s) === i);
  };

  before(async () => {
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false' } });
    owner = await signedInOwner(server, OWNER);
  });
  after(async () => server?.close());

  it('moves a featured project down and up with CSRF forms; REST featured=true and the home page follow; the catalog version is bumped', async () => {
    const before = await restOrder();
    assert.ok(before.length >= 3, `the demo has featured projects: ${before.join()}`);
    assert.deepEqual(await homeOrder(), before.slice(0, (await homeOrder()).length));

    await owner.get('/admin/projects');
    const [first, second, third] = before as [string, string, string];
    assert.match(owner.html, new RegExp(`action="/admin/projects/${first}/move-down"`));
    assert.doesNotMatch(owner.html, new RegExp(`action="/admin/projects/${first}/move-up"`), 'the first has nowhere up to go');
    assert.match(owner.html, new RegExp(`featured 1 of ${before.length}`));

    const version = await server.store.projects.version();
    assert.equal((await owner.post(`/admin/projects/${first}/move-down`)).status, 303);
    assert.ok((await server.store.projects.version()) > version, 'the catalog version is bumped');
    const moved = [second, first, third, ...before.slice(3)];
    assert.deepEqual(await restOrder(), moved);
    const home = await homeOrder();
    assert.deepEqual(home, moved.slice(0, home.length));

    await owner.get('/admin/projects');
    assert.equal((await owner.post(`/admin/projects/${third}/move-up`)).status, 303);
    assert.deepEqual(await restOrder(), [second, third, first, ...before.slice(3)]);
    // An explicit sort still wins over the owner's order.
    const byTitle = ((await (await fetch(`${server.baseUrl}/api/v1/projects?featured=true&sort=title&limit=100`)).json()) as { data: { title: string }[] }).data.map((p) => p.title);
    assert.deepEqual(byTitle, [...byTitle].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses a move without the CSRF field, and a move of a project that is not featured', async () => {
    const order = await restOrder();
    const res = await owner.post(`/admin/projects/${order[0]}/move-down`, { _csrf: 'forged' });
    assert.equal(res.status, 403);
    assert.deepEqual(await restOrder(), order);

    const all = await server.store.projects.exportAll();
    const plain = all.find((p) => !p.featured)!;
    await owner.get('/admin/projects');
    assert.equal((await owner.post(`/admin/projects/${plain.slug}/move-up`)).status, 422);
    assert.match(owner.html, /is not featured/);
    assert.deepEqual(await restOrder(), order);
  });
});
