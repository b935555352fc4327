import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { after, before, describe, it } from 'node:test';
import { hashSecret } from '../../src/oauth/tokens.js';
import { FormClient } from '../helpers/form-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { codeOf, isSignInCode, startTestSmtp, type TestSmtp } from '../helpers/smtp.js';
import { agentToken } from '../helpers/tokens.js';

const OWNER = 'owner@studio.example';

describe('the inbox at /admin', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let owner: FormClient;
  let project: { slug: string; title: string };

  const inquire = async (fields: Record<string, unknown>, bearer?: string) => {
    server.clock.advance(1000);
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify({ message: 'We would like to talk about a new project.', ...fields }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    return ((await res.json()) as { id: string }).id;
  };
  // The list's links carry the view they are in (`?status=…&q=…`), so the inquiry leads back to it.
  const idsOn = (html: string) => [...html.matchAll(/href="\/admin\/inquiries\/(inq_[^"/?]+)(?:\?[^"]*)?"/g)].map((m) => m[1]!);

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, RATE_LIMITS_ENABLED: 'false' } });
    project = ((await (await fetch(`${server.baseUrl}/api/v1/projects?limit=1`)).json()) as { data: { slug: string; title: string }[] }).data[0]!;
    owner = new FormClient(server.baseUrl);
    await owner.get('/admin/login');
    const seen = smtp.messages.length;
    await owner.post('/admin/login', { email: OWNER });
    const code = codeOf(await smtp.next(isSignInCode(OWNER, seen, smtp.messages)));
    assert.equal((await owner.post('/admin/login/code', { email: OWNER, code })).status, 303);
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('shows each field of an inquiry, escaped, with the project linked, where it came from and who sent it; opening it marks it read', async () => {
    const { token, clientId } = await agentToken(server.baseUrl);
    const id = await inquire(
      { name: 'Ada <script>alert(1)</script>', email: 'ada@client.example', company: 'Analytical & Co', budget: '€40k', timeline: 'Q3', message: 'Line one\n<b>not bold</b>', project_slugs: [project.slug] },
      token,
    );
    await owner.get('/admin');
    assert.match(owner.html, /Inbox<span class="count-badge"> 1 new<\/span>/);
    assert.match(owner.html, new RegExp(`<span class="sub">REST · OAuth client test agent \\(${clientId}\\)</span>`), 'the list says how and by whom');
    const page = await owner.get(`/admin/inquiries/${id}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    const html = owner.html;
    assert.doesNotMatch(html, /<script>alert/);
    assert.match(html, /Ada &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /&lt;b&gt;not bold&lt;\/b&gt;/);
    // The sender's own words take their direction from their first strong character (Arabic, Hebrew: right to left).
    assert.match(html, /<h1 dir="auto">Ada &lt;script&gt;/);
    assert.match(html, /<blockquote class="message" dir="auto">Line one/);
    assert.match(html, /<dd dir="auto">Analytical &amp; Co<\/dd>/);
    assert.match(html, /€40k/);
    assert.match(html, new RegExp(`<a href="${server.baseUrl}/projects/${project.slug}">${project.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`));
    assert.match(html, /The REST API/);
    assert.match(html, new RegExp(`OAuth client test agent \\(${clientId}\\)`));
    const mailto = /href="(mailto:ada%40client\.example\?[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const params = new URLSearchParams(mailto.slice(mailto.indexOf('?') + 1));
    assert.match(params.get('subject')!, /^Re: your inquiry to /);
    assert.match(params.get('body')!, /> Line one\n> <b>not bold<\/b>/);
    assert.match(html, /<span class="status status-read">Read<\/span>/, 'opened, so read');
    await owner.get('/admin');
    assert.doesNotMatch(owner.html, /count-badge/);
  });

  it('an inquiry from the HTML form shows as such', async () => {
    const visitor = new FormClient(server.baseUrl);
    await visitor.get('/inquire');
    const token = /name="form_token" value="([^"]+)"/.exec(visitor.html)![1]!;
    server.clock.advance(1000);
    const sent = await visitor.post('/inquire', { form_token: token, name: 'Form Person', email: 'form@client.example', message: 'Sent from the form on the site.' });
    assert.equal(sent.status, 303);
    const id = new URL(sent.headers.get('location')!, server.baseUrl).searchParams.get('ref')!;
    await owner.get('/admin');
    assert.match(owner.html, /<span class="sub">Form · Anonymous \(no credential\)<\/span>/);
    await owner.get(`/admin/inquiries/${id}`);
    assert.match(owner.html, /The inquiry form on the site/);
    assert.match(owner.html, /Anonymous \(no credential\)/);
  });

  it('marks an inquiry replied with a CSRF-protected form; the status filter then finds it', async () => {
    const id = await inquire({ name: 'Rita Replied', email: 'rita@client.example' });
    await owner.get(`/admin/inquiries/${id}`);
    const res = await owner.post(`/admin/inquiries/${id}/status`, { status: 'replied' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), `/admin/inquiries/${id}?marked=replied`);
    await owner.get(res.headers.get('location')!);
    assert.match(owner.html, /role="status">Marked replied\./);
    await owner.get('/admin?status=replied');
    assert.deepEqual(idsOn(owner.html), [id]);
    assert.match(owner.html, /aria-current="page">Replied <span class="count">1<\/span>/);
    assert.equal((await owner.post(`/admin/inquiries/${id}/status`, { status: 'replied', _csrf: 'forged' })).status, 403);
  });

  it('the default view is the open inquiries: archived and spam leave it, and stay under their tabs and All', async () => {
    const archived = await inquire({ name: 'Arne Archived', email: 'arne@client.example' });
    const spam = await inquire({ name: 'Sam Spam', email: 'sam@client.example' });
    const kept = await inquire({ name: 'Olga Open', email: 'olga@client.example' });
    for (const [id, status] of [[archived, 'archived'], [spam, 'spam']] as const) {
      await owner.get(`/admin/inquiries/${id}`);
      assert.equal((await owner.post(`/admin/inquiries/${id}/status`, { status })).status, 303);
    }
    await owner.get('/admin');
    const open = idsOn(owner.html);
    assert.ok(open.includes(kept), 'an open inquiry is listed');
    assert.ok(!open.includes(archived) && !open.includes(spam), 'archived and spam are not');
    assert.match(owner.html, /aria-current="page">Open <span class="count">\d+<\/span>/);
    await owner.get('/admin?status=archived');
    assert.deepEqual(idsOn(owner.html), [archived]);
    await owner.get('/admin?status=all');
    assert.ok([archived, spam, kept].every((id) => idsOn(owner.html).includes(id)), 'All has every inquiry');
    assert.match(owner.html, /<input type="hidden" name="status" value="all"\/>/, 'a search keeps the view');
    assert.match(owner.html, /href="\/admin\/export\.csv\?status=all"/, 'and so does the export');
    await owner.get('/admin?q=Sam+Spam');
    assert.deepEqual(idsOn(owner.html), [], 'a search in the open view leaves spam out');
    await owner.get('/admin?status=all&q=Sam+Spam');
    assert.deepEqual(idsOn(owner.html), [spam]);
    assert.match(owner.html, /Spam <span class="count">1<\/span>/, 'the tabs count what the search finds under each');
    assert.match(owner.html, /All <span class="count">1<\/span>/);
    assert.match(owner.html, /Open <span class="count">0<\/span>/);
  });

  it('finds by text in name, email, company and message', async () => {
    const id = await inquire({ name: 'Tomasz', email: 'tomasz@client.example', message: 'About a harbour logistics dashboard.' });
    await owner.get('/admin?q=HARBOUR');
    assert.deepEqual(idsOn(owner.html), [id]);
    await owner.get('/admin?q=nothing-matches-this');
    assert.match(owner.html, /No inquiry matches\./);
  });

  it('a search that is a reference a sender was given opens that inquiry, even archived, from the open view', async () => {
    const id = await inquire({ name: 'Ines Quoted', email: 'ines@client.example', message: 'We wrote before; here is our reference.' });
    assert.equal((await owner.post(`/admin/inquiries/${id}/status`, { status: 'archived' })).status, 303);
    await owner.get('/admin?q=Ines+Quoted');
    assert.match(owner.html, /No inquiry matches\./, 'the open view lists no archived inquiry');
    for (const q of [id, `%20${id}%20`]) {
      const res = await owner.get(`/admin?q=${q}`);
      assert.equal(res.status, 303, q);
      assert.equal(res.headers.get('location'), `/admin/inquiries/${id}`);
    }
    const unknown = await owner.get('/admin?q=inq_nobodywasgiventhis');
    assert.equal(unknown.status, 200, 'an id nobody was given is an ordinary search');
    assert.match(owner.html, /No inquiry matches\./);
    const exported = await owner.get(`/admin/export.json?status=all&q=${id}`);
    assert.deepEqual(((await exported.json()) as { id: string }[]).map((i) => i.id), [id], 'an export still filters by it');
  });

  it('pages 25 at a time with an "Older inquiries" link, newest first', async () => {
    for (let i = 0; i < 26; i++) await inquire({ name: `Bulk ${String(i).padStart(2, '0')}`, email: `bulk${i}@client.example`, company: 'Bulk Ltd' });
    await owner.get('/admin?q=Bulk%20Ltd');
    const first = idsOn(owner.html);
    assert.equal(first.length, 25);
    assert.match(owner.html, />Bulk 25</);
    const older = /href="(\/admin\?[^"]*cursor=[^"]+)"/.exec(owner.html)![1]!.replace(/&amp;/g, '&');
    await owner.get(older);
    assert.deepEqual(idsOn(owner.html).length, 1);
    assert.match(owner.html, />Bulk 00</);
    assert.ok(!first.includes(idsOn(owner.html)[0]!));
  });

  it('exports the filtered list as CSV (formulas defused) and JSON', async () => {
    await inquire({ name: '=HYPERLINK("http://evil.example")', email: 'csv@client.example', company: 'Export, "Quoted" Inc', message: 'Line one\nline two, with a comma.', budget: 'About 10k;=1+2', timeline: 'Q3|Q4' });
    const csv = await owner.get('/admin/export.csv?q=csv%40client');
    assert.equal(csv.status, 200);
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(csv.headers.get('content-disposition')!, /attachment; filename="inquiries\.csv"/);
    const text = await csv.text();
    const [header, row] = text.split('\r\n');
    assert.equal(header, 'id,created_at,status,name,email,company,message,projects,budget,timeline,source,sender');
    assert.match(row!, /,"'=HYPERLINK\(""http:\/\/evil\.example""\)",csv@client\.example,"Export, ""Quoted"" Inc","Line one\nline two, with a comma\.",/);
    // A semicolon or pipe would split the cell in a locale's spreadsheet, leaving "=1+2" a formula: quoted.
    assert.match(row!, /,"About 10k;=1\+2","Q3\|Q4",/);
    const json = await owner.get('/admin/export.json?q=Bulk%20Ltd');
    const rows = (await json.json()) as { name: string }[];
    assert.equal(rows.length, 26);
    assert.equal(rows[0]!.name, 'Bulk 25');
    assert.equal((await new FormClient(server.baseUrl).get('/admin/export.json')).status, 303, 'signed-out: to the sign-in page');
  });

  it('does not claim a token was made when the first sending of the form failed after spending it', async () => {
    await owner.get('/admin/tokens');
    const formId = /name="form_id" value="([^"]+)"/.exec(owner.html)![1]!;
    // A real failure of the store between the form's spending and the token's INSERT.
    const { database } = server.config;
    assert.equal(database.kind, 'sqlite');
    const db = new Database(database.path);
    db.exec("CREATE TRIGGER no_tokens BEFORE INSERT ON owner_tokens BEGIN SELECT RAISE(ABORT, 'disk trouble'); END");
    try {
      const failed = await owner.post('/admin/tokens', { name: 'Broken', form_id: formId });
      assert.equal(failed.status, 500);
    } finally {
      db.exec('DROP TRIGGER no_tokens');
      db.close();
    }
    const again = await owner.post('/admin/tokens', { name: 'Broken', form_id: formId });
    assert.equal(again.status, 409);
    assert.match(owner.html, /no second token was made\. If the first sending made a token, it is in the list below/);
    assert.doesNotMatch(owner.html, /The token it created/);
    assert.equal((await server.store.ownerTokens.list()).filter((t) => t.name === 'Broken').length, 0, 'and none was');
  });

  it('deletes for good after a confirmation page', async () => {
    const id = await inquire({ name: 'Forget Me', email: 'forget@client.example' });
    await owner.get(`/admin/inquiries/${id}/delete`);
    assert.match(owner.html, /Delete this inquiry for good\?/);
    const res = await owner.post(`/admin/inquiries/${id}/delete`, {});
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/admin?deleted=1');
    assert.equal(await server.store.inquiries.get(id), undefined);
    assert.equal((await owner.get(`/admin/inquiries/${id}`)).status, 404);
  });

  it('creates an owner API token in the browser, shown once, and revokes it; the same form sent again makes no second token', async () => {
    await owner.get('/admin/tokens');
    const formId = /name="form_id" value="([^"]+)"/.exec(owner.html)![1]!;
    const created = await owner.post('/admin/tokens', { name: 'Zapier', form_id: formId });
    assert.equal(created.status, 201);
    const live = async () => (await server.store.ownerTokens.list()).filter((t) => t.name === 'Zapier' && t.revoked_at === null).length;
    assert.equal(await live(), 1);
    // A reload of the answer sends the same form again.
    const again = await owner.post('/admin/tokens', { name: 'Zapier', form_id: formId });
    assert.equal(again.status, 409);
    assert.match(owner.html, /already sent, so no second token was made/);
    assert.doesNotMatch(owner.html, /vt_own_/);
    assert.equal(await live(), 1, 'still one token');
    assert.equal((await owner.post('/admin/tokens', { name: 'Zapier' })).status, 409, 'a form without its id makes none either');
    await owner.get('/admin/tokens');
    const next = await owner.post('/admin/tokens', { name: 'Zapier', form_id: /name="form_id" value="([^"]+)"/.exec(owner.html)![1]! });
    assert.equal(next.status, 201, 'a fresh form creates the next one');
    assert.equal(await live(), 2);
    assert.equal(created.headers.get('cache-control'), 'no-store');
    const token = /vt_own_[A-Za-z0-9_-]+/.exec(owner.html)![0];
    const api = () => fetch(`${server.baseUrl}/api/v1/admin/inquiries?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await api()).status, 200);
    await owner.get('/admin/tokens');
    assert.doesNotMatch(owner.html, /vt_own_/, 'never shown again');
    // The revoke link of this token's row (two made in the same millisecond list in id order,
    // either first) leads to a confirmation page, whose form revokes.
    const { id } = (await server.store.ownerTokens.findByHash(hashSecret(token)))!;
    const revoke = new RegExp(`href="(/admin/tokens/${id}/revoke)"`).exec(owner.html)![1]!;
    assert.equal((await owner.get(revoke)).status, 200);
    assert.equal((await api()).status, 200, 'asking does not revoke');
    assert.match(owner.html, new RegExp(`action="${revoke}"`));
    assert.equal((await owner.post(revoke, {})).status, 303);
    assert.equal((await api()).status, 401);
  });
});
