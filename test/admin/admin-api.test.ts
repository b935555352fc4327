import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, connectV1 } from '../mcp/mcp-clients.js';
import { cliAgainst } from '../helpers/cli.js';
import { createTestIssuer, postForm, type TestIssuer } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken, registerClient } from '../helpers/tokens.js';

const OWNER = 'owner@studio.example';
const ADMIN = '/api/v1/admin/inquiries';

interface AdminInquiry {
  id: string;
  status: string;
  name: string;
  email: string;
  source: string;
  sender: Record<string, unknown>;
  projects: { slug: string; title: string; url: string }[];
  links: { self: string; inbox: string };
}

describe('the admin API: the inbox for scripts, behind owner API tokens', () => {
  let server: TestServer;
  let idp: TestIssuer;
  let ownerToken: string;
  let slug: string;
  const ids: Record<string, string> = {};

  const admin = (path: string, init: RequestInit = {}, token = ownerToken) =>
    fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
  const inquire = async (name: string, bearer?: string, sandbox = false) => {
    server.clock.advance(1000);
    const res = await fetch(`${server.baseUrl}/api/v1${sandbox ? '/sandbox' : ''}/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify({ name, email: `${name.toLowerCase()}@client.example`, message: `Hello from ${name}, about a new project.`, project_slugs: [slug] }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    return ((await res.json()) as { id: string }).id;
  };

  before(async () => {
    idp = await createTestIssuer('https://idp.example.test');
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([idp.trustEntry()]) } });
    slug = ((await (await fetch(`${server.baseUrl}/api/v1/projects?limit=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
    const created = await cliAgainst(server, ['owner', 'token', 'create', '--name', 'CRM sync', OWNER]);
    assert.equal(created.code, 0, created.stderr);
    ownerToken = /vt_own_\S+/.exec(created.stdout)![0];

    // One inquiry from each kind of sender, oldest first.
    ids.anonymous = await inquire('Anna');
    const key = (await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as { api_key: string };
    ids.apiKey = await inquire('Kofi', key.api_key);
    ids.oauth = await inquire('Olga', (await agentToken(server.baseUrl)).token);
    const email = await idp.sign({ aud: server.baseUrl, sub: 'u-1', email: 'vera@client.example', email_verified: true }, { nowMs: server.clock.now() });
    ids.verified = await inquire('Vera', String((await postForm(`${server.baseUrl}/oauth/claim`, { assertion_type: 'verified_email', assertion: email })).body.access_token));
    const clientId = await registerClient(server.baseUrl, 'Jag agent');
    const jag = await idp.sign({ aud: server.baseUrl, sub: 'u-42', client_id: clientId }, { nowMs: server.clock.now(), typ: 'oauth-id-jag+jwt' });
    ids.idJag = await inquire('Jag', String((await postForm(`${server.baseUrl}/oauth/claim`, { assertion: jag, client_id: clientId })).body.access_token));
    const mcp = await connectV1(server.baseUrl, (await agentToken(server.baseUrl)).token);
    server.clock.advance(1000);
    const result = await call(mcp, 'submit_inquiry', { name: 'Mira', email: 'mira@client.example', message: 'Hello from Mira, by MCP.', idempotency_key: 'mira-0001' });
    assert.equal(result.isError, undefined, JSON.stringify(result));
    ids.mcp = String((result.structuredContent as { id: string }).id);
    await mcp.close();
    await inquire('Sandy', undefined, true);
  });
  after(async () => server?.close());

  it('answers 401 with a Bearer challenge without a token, and for public tokens and API keys', async () => {
    const none = await fetch(`${server.baseUrl}${ADMIN}`);
    assert.equal(none.status, 401);
    assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="vitrine admin"');
    assert.equal(none.headers.get('content-type'), 'application/problem+json');
    const { token } = await agentToken(server.baseUrl);
    const key = (await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as { api_key: string };
    for (const bearer of [token, key.api_key, 'vt_own_forged']) {
      const res = await admin(ADMIN, {}, bearer);
      assert.equal(res.status, 401, bearer);
      assert.match(res.headers.get('www-authenticate')!, /error="invalid_token"/);
    }
  });

  it('an owner token opens nothing public that needs an OAuth token', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
      body: JSON.stringify({ name: 'X', email: 'x@client.example', message: 'An owner token is not an access token.' }),
    });
    assert.equal(res.status, 401);
  });

  it('lists real inquiries newest first with who sent each; sandbox inquiries never appear', async () => {
    const res = await admin(ADMIN);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    const { data } = (await res.json()) as { data: AdminInquiry[] };
    assert.deepEqual(data.map((i) => i.name), ['Mira', 'Jag', 'Vera', 'Olga', 'Kofi', 'Anna']);
    const by = Object.fromEntries(data.map((i) => [i.name, i]));
    assert.deepEqual(by.Anna!.sender, { kind: 'anonymous' });
    assert.equal(by.Kofi!.sender.kind, 'api_key');
    assert.deepEqual({ kind: by.Olga!.sender.kind, name: by.Olga!.sender.client_name }, { kind: 'oauth_client', name: 'test agent' });
    assert.deepEqual({ kind: by.Vera!.sender.kind, email: by.Vera!.sender.email }, { kind: 'verified_email', email: 'vera@client.example' });
    assert.deepEqual({ kind: by.Jag!.sender.kind, issuer: by.Jag!.sender.issuer, subject: by.Jag!.sender.subject }, { kind: 'id_jag', issuer: 'https://idp.example.test', subject: 'u-42' });
    assert.equal(by.Mira!.source, 'mcp');
    assert.equal(by.Anna!.source, 'api');
    assert.equal(by.Anna!.projects[0]!.slug, slug);
    assert.equal(by.Anna!.projects[0]!.url, `${server.baseUrl}/projects/${slug}`);
    assert.ok(!data.some((i) => i.name === 'Sandy'));
  });

  it('pages with a cursor and a Link header; a tampered cursor is a 400', async () => {
    const first = await admin(`${ADMIN}?limit=4`);
    const page1 = (await first.json()) as { data: AdminInquiry[]; next_cursor: string };
    assert.equal(page1.data.length, 4);
    const link = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    const page2 = (await (await admin(new URL(link).pathname + new URL(link).search)).json()) as { data: AdminInquiry[]; next_cursor: string | null };
    assert.deepEqual(page2.data.map((i) => i.name), ['Kofi', 'Anna']);
    assert.equal(page2.next_cursor, null);
    assert.equal((await admin(`${ADMIN}?limit=4&cursor=${page1.next_cursor.slice(0, -2)}xx`)).status, 400);
    assert.equal((await admin(`${ADMIN}?status=read&cursor=${page1.next_cursor}`)).status, 400, 'a cursor belongs to its filter');
  });

  it('filters by status and by text', async () => {
    const patched = await admin(`${ADMIN}/${ids.oauth}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ status: 'replied' }) });
    assert.equal(patched.status, 200);
    assert.equal(((await patched.json()) as AdminInquiry).status, 'replied');
    const replied = (await (await admin(`${ADMIN}?status=replied`)).json()) as { data: AdminInquiry[] };
    assert.deepEqual(replied.data.map((i) => i.id), [ids.oauth]);
    const text = (await (await admin(`${ADMIN}?q=VERA@client`)).json()) as { data: AdminInquiry[] };
    assert.deepEqual(text.data.map((i) => i.id), [ids.verified]);
    const reference = (await (await admin(`${ADMIN}?q=${encodeURIComponent(` ${ids.oauth} `)}`)).json()) as { data: AdminInquiry[] };
    assert.deepEqual(reference.data.map((i) => i.id), [ids.oauth], 'the reference the sender was given finds its inquiry');
    assert.equal((await admin(`${ADMIN}?status=lost`)).status, 400);
  });

  it('gets one inquiry; PATCH refuses an unknown status and an unknown id', async () => {
    const res = await admin(`${ADMIN}/${ids.anonymous}`);
    const one = (await res.json()) as AdminInquiry;
    assert.equal(one.email, 'anna@client.example');
    assert.equal(one.links.self, `${server.baseUrl}${ADMIN}/${ids.anonymous}`);
    assert.equal(one.links.inbox, `${server.baseUrl}/admin/inquiries/${ids.anonymous}`);
    const bad = await admin(`${ADMIN}/${ids.anonymous}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'done' }) });
    assert.equal(bad.status, 400);
    assert.equal((await admin(`${ADMIN}/inq_nothing`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"status":"read"}' })).status, 404);
    assert.equal((await admin(`${ADMIN}/${ids.anonymous}`, { method: 'PATCH', headers: { 'content-type': 'text/plain' }, body: 'read' })).status, 415);
  });

  it('DELETE erases the inquiry with its idempotency record and notifications', async () => {
    const key = 'erase-me-0001';
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ name: 'Gone', email: 'gone@client.example', message: 'Please forget me after this.' }),
    });
    const { id } = (await res.json()) as { id: string };
    assert.equal((await admin(`${ADMIN}/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await admin(`${ADMIN}/${id}`)).status, 404);
    assert.equal((await admin(`${ADMIN}/${id}`, { method: 'DELETE' })).status, 404);
    const everything = JSON.stringify(await server.store.inquiries.list({ limit: 100 }));
    assert.doesNotMatch(everything, /gone@client\.example/);
    assert.deepEqual(await server.store.outbox.list({ resource: id, limit: 100 }), []);
    // The key no longer replays the erased inquiry: the record and its stored response are gone.
    const again = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ name: 'Gone', email: 'gone@client.example', message: 'Please forget me after this.' }),
    });
    assert.equal(again.status, 201);
    assert.notEqual(((await again.json()) as { id: string }).id, id);
  });

  it('a revoked owner token stops working at once', async () => {
    const created = await cliAgainst(server, ['owner', 'token', 'create', '--name', 'short-lived', OWNER]);
    const token = /vt_own_\S+/.exec(created.stdout)![0];
    assert.equal((await admin(ADMIN, {}, token)).status, 200);
    const listed = await cliAgainst(server, ['owner', 'token', 'list']);
    const id = /^(otk_\S+)\t\S+\tshort-lived\tactive$/m.exec(listed.stdout)![1]!;
    assert.doesNotMatch(listed.stdout, /vt_own_/, 'the list never shows a token');
    assert.equal((await cliAgainst(server, ['owner', 'token', 'revoke', id])).code, 0);
    assert.equal((await admin(ADMIN, {}, token)).status, 401);
  });

  it('removing an owner revokes their tokens: adding the address again does not revive them', async () => {
    const partner = 'carl@studio.example';
    assert.equal((await cliAgainst(server, ['owner', 'add', partner])).code, 0);
    const token = /vt_own_\S+/.exec((await cliAgainst(server, ['owner', 'token', 'create', '--name', 'carl', partner])).stdout)![0];
    assert.equal((await admin(ADMIN, {}, token)).status, 200);
    const removed = await cliAgainst(server, ['owner', 'remove', partner]);
    assert.match(removed.stdout, /API tokens are revoked/);
    assert.equal((await admin(ADMIN, {}, token)).status, 401);
    assert.equal((await cliAgainst(server, ['owner', 'add', partner])).code, 0);
    assert.equal((await admin(ADMIN, {}, token)).status, 401, 'still revoked');
  });

  it('is documented in /openapi.json under its own scheme, and nowhere an agent looks', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, { security?: unknown }>>; components: { securitySchemes: Record<string, unknown> } };
    assert.ok(doc.components.securitySchemes.ownerToken);
    assert.deepEqual(doc.paths[ADMIN]!.get!.security, [{ ownerToken: [] }]);
    assert.ok(doc.paths[`${ADMIN}/{id}`]!.patch && doc.paths[`${ADMIN}/{id}`]!.delete);
    for (const path of ['/auth.md', '/llms.txt']) assert.doesNotMatch(await (await fetch(`${server.baseUrl}${path}`)).text(), /admin/i, path);
    const mcp = await connectV1(server.baseUrl);
    assert.doesNotMatch(JSON.stringify(await mcp.listTools()), /admin/i);
    await mcp.close();
  });
});
