import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { cliAgainst } from '../helpers/cli.js';
import { FormClient } from '../helpers/form-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { codeOf, isSignInCode, startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

const cli = cliAgainst;

/** Asks for a code at /admin/login and returns the one that mail then brings. */
async function requestCode(browser: FormClient, smtp: TestSmtp, email = OWNER, headers: Record<string, string> = {}): Promise<string> {
  if (!browser.html) await browser.get('/admin/login');
  const seen = smtp.messages.length;
  assert.equal((await browser.post('/admin/login', { email }, headers)).status, 200);
  return codeOf(await smtp.next(isSignInCode(email.toLowerCase(), seen, smtp.messages)));
}

/** Signs in with an emailed code; returns the client holding the session cookie. */
async function signIn(server: TestServer, smtp: TestSmtp, email = OWNER): Promise<FormClient> {
  const browser = new FormClient(server.baseUrl);
  const code = await requestCode(browser, smtp, email);
  const res = await browser.post('/admin/login/code', { email, code });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), '/admin');
  return browser;
}

describe('owner sign-in: an emailed code, no password', () => {
  let smtp: TestSmtp;
  let server: TestServer;

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, MAIL_FROM: 'Studio <hello@studio.example>', RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends a signed-out visitor of /admin to the sign-in page', async () => {
    const res = await new FormClient(server.baseUrl).get('/admin');
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/admin/login');
    const names = res.headers.getSetCookie().map((c) => c.split('=')[0]);
    assert.deepEqual(names, ['vitrine_csrf'], 'the CSRF cookie set once: the admin middleware runs once for /admin');
  });

  it('mails an owner a six-digit code; the answer is the same page for an address that is not an owner\'s', async () => {
    const browser = new FormClient(server.baseUrl);
    await browser.get('/admin/login');
    const before = smtp.messages.length;
    const owner = await browser.post('/admin/login', { email: 'Owner@Studio.example' });
    const ownerPage = browser.html;
    const stranger = await browser.post('/admin/login', { email: 'stranger@example.com' });
    assert.equal(owner.status, 200);
    assert.equal(stranger.status, 200);
    const neutral = (html: string, email: string) => html.replaceAll(email, 'EMAIL').replace(/value="[^"]+" name="_csrf"|name="_csrf" value="[^"]+"/g, '');
    assert.equal(neutral(ownerPage, 'Owner@Studio.example'), neutral(browser.html, 'stranger@example.com'), 'nothing tells an owner\'s address from another');
    const mail = await smtp.next((m) => m.to.includes(OWNER) && smtp.messages.indexOf(m) >= before);
    assert.match(mail.mail.subject ?? '', /sign-in code/i);
    assert.match(codeOf(mail), /^\d{6}$/);
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(!smtp.messages.some((m) => m.to.includes('stranger@example.com')), 'no mail to a stranger');
  });

  it('signs in with the code: a 303 to the inbox and an HttpOnly, SameSite=Lax session cookie stored only as a hash', async () => {
    const browser = new FormClient(server.baseUrl);
    const res = await browser.post('/admin/login/code', { email: OWNER, code: await requestCode(browser, smtp) });
    assert.equal(res.status, 303);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('vitrine_session='))!;
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    assert.match(setCookie, /Path=\//);
    const id = browser.cookies.get('vitrine_session')!;
    assert.equal(await server.store.sessions.find(id), undefined, 'the cookie value is not stored');
    assert.ok(await server.store.sessions.find(createHash('sha256').update(id).digest('hex')), 'its SHA-256 is');
    const inbox = await browser.get('/admin');
    assert.equal(inbox.status, 200);
    assert.equal(inbox.headers.get('cache-control'), 'no-store');
    assert.match(browser.html, new RegExp(OWNER));
  });

  it('a code works once', async () => {
    const browser = await signIn(server, smtp);
    const used = codeOf(smtp.messages.at(-1)!);
    const again = new FormClient(server.baseUrl);
    await again.get('/admin/login');
    assert.equal((await again.post('/admin/login/code', { email: OWNER, code: used })).status, 422);
    assert.ok(browser.cookies.has('vitrine_session'));
  });

  it('ties each sign-in error to its field (WCAG 3.3.1): aria-invalid, aria-describedby naming the message, an "Error:" title', async () => {
    const browser = new FormClient(server.baseUrl);
    await browser.get('/admin/login');
    assert.equal((await browser.post('/admin/login', { email: 'a@b' })).status, 422);
    assert.match(browser.html, /<title>Error: /);
    assert.match(browser.html, /<div class="error-summary" role="alert" id="sign-in-error" tabindex="-1" autofocus="">/);
    assert.match(browser.html, /<input id="email"[^>]*aria-describedby="sign-in-error email-hint"[^>]*aria-invalid="true"/);
    const wrong = await browser.post('/admin/login/code', { email: OWNER, code: '123456' });
    assert.equal(wrong.status, 422);
    assert.match(browser.html, /id="code-error"/);
    assert.match(browser.html, /<input id="code"[^>]*aria-invalid="true" aria-describedby="code-error"/);
  });

  it('five wrong codes lock the code: even the right one fails after, and a new code works', async () => {
    const browser = new FormClient(server.baseUrl);
    const right = await requestCode(browser, smtp);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await browser.post('/admin/login/code', { email: OWNER, code: wrong });
      assert.equal(res.status, 422);
      assert.match(browser.html, /That code did not work/);
      assert.match(browser.html, /role="alert"/);
    }
    assert.equal((await browser.post('/admin/login/code', { email: OWNER, code: right })).status, 422, 'locked after five wrong guesses');
    await signIn(server, smtp);
  });

  it('a code expires after ten minutes', async () => {
    const browser = new FormClient(server.baseUrl);
    const code = await requestCode(browser, smtp);
    server.clock.advance(10 * 60_000);
    assert.equal((await browser.post('/admin/login/code', { email: OWNER, code })).status, 422);
  });

  it('turns a signed-out upload away before reading its body', async () => {
    const big = new FormData();
    big.set('logo', new Blob([new Uint8Array(900 * 1024)], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${server.baseUrl}/admin/profile`, { method: 'POST', body: big, redirect: 'manual', headers: { origin: server.baseUrl } });
    assert.equal(res.status, 303, 'to the sign-in page, not a CSRF check of a body nobody may send');
    assert.equal(res.headers.get('location'), '/admin/login');
  });

  it('refuses a form without the CSRF field, with a wrong one, or from another origin (403)', async () => {
    const browser = await signIn(server, smtp);
    assert.equal((await browser.post('/admin/logout', { _csrf: '' })).status, 403);
    assert.equal((await browser.post('/admin/logout', { _csrf: 'forged-token-value' })).status, 403);
    assert.equal((await browser.post('/admin/logout', {}, { origin: 'https://evil.example' })).status, 403);
    // A token is bound to its browser's cookie: another browser's token does not work here.
    const other = new FormClient(server.baseUrl);
    await other.get('/admin/login');
    assert.equal((await browser.post('/admin/logout', { _csrf: other.csrf })).status, 403);
    assert.equal((await browser.get('/admin')).status, 200, 'still signed in');
  });

  it('signing out ends the session on the server, not only in the browser', async () => {
    const browser = await signIn(server, smtp);
    const stolen = browser.cookies.get('vitrine_session')!;
    await browser.get('/admin');
    const res = await browser.post('/admin/logout');
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/admin/login?signed_out=1');
    assert.ok(!browser.cookies.has('vitrine_session'), 'the cookie is cleared');
    const replay = new FormClient(server.baseUrl);
    replay.cookies.set('vitrine_session', stolen);
    assert.equal((await replay.get('/admin')).status, 303, 'the old cookie no longer signs in');
  });

  it('a session ends after SESSION_IDLE_MINUTES without a request', async () => {
    const browser = await signIn(server, smtp);
    server.clock.advance((server.config.sessionIdleMinutes - 1) * 60_000);
    assert.equal((await browser.get('/admin')).status, 200, 'use keeps it alive');
    server.clock.advance((server.config.sessionIdleMinutes - 1) * 60_000);
    assert.equal((await browser.get('/admin')).status, 200);
    server.clock.advance(server.config.sessionIdleMinutes * 60_000 + 1);
    assert.equal((await browser.get('/admin')).status, 303);
  });

  it('`vitrine owner login-link` prints a one-time URL; the page asks for a click, the POST signs in once', async () => {
    const { code, stdout } = await cli(server, ['owner', 'login-link', OWNER]);
    assert.equal(code, 0);
    const url = new URL(stdout.trim());
    assert.equal(url.origin, server.baseUrl);
    const browser = new FormClient(server.baseUrl);
    assert.equal((await browser.get(`${url.pathname}${url.search}`)).status, 200, 'a GET (a link scanner) does not use it up');
    const token = url.searchParams.get('token')!;
    const res = await browser.post('/admin/login/link', { token });
    assert.equal(res.status, 303);
    assert.equal((await browser.get('/admin')).status, 200);
    const again = new FormClient(server.baseUrl);
    await again.get(`${url.pathname}${url.search}`);
    assert.equal((await again.post('/admin/login/link', { token })).status, 410);
    assert.match(again.html, /used or has expired/);
  });

  it('`vitrine owner login-link` refuses an address that is not an owner', async () => {
    const { code, stderr } = await cli(server, ['owner', 'login-link', 'stranger@example.com']);
    assert.equal(code, 1);
    assert.match(stderr, /not an owner/);
    assert.match(stderr, /OWNER_EMAILS/, 'names the other way an address becomes an owner');
  });

  it('`vitrine owner sign-out-all` ends every session of an owner', async () => {
    const a = await signIn(server, smtp);
    const b = await signIn(server, smtp);
    const { code } = await cli(server, ['owner', 'sign-out-all', OWNER]);
    assert.equal(code, 0);
    assert.equal((await a.get('/admin')).status, 303);
    assert.equal((await b.get('/admin')).status, 303);
  });

  it('an owner added with the CLI can sign in; a removed one cannot', async () => {
    assert.equal((await cli(server, ['owner', 'add', 'partner@studio.example'])).code, 0);
    const partner = await signIn(server, smtp, 'partner@studio.example');
    assert.equal((await partner.get('/admin')).status, 200);
    assert.equal((await cli(server, ['owner', 'remove', 'partner@studio.example'])).code, 0);
    assert.equal((await partner.get('/admin')).status, 303, 'removing an owner ends their sessions');
  });
});

describe('sign-in attempts are rate limited per client and per address', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, RATE_LIMITS: '{"signin":{"q":3,"w":900}}', TRUST_PROXY: '1' } });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('answers 429 with a readable page after the limit', async () => {
    const browser = new FormClient(server.baseUrl);
    await browser.get('/admin/login');
    for (let i = 0; i < 3; i++) assert.equal((await browser.post('/admin/login', { email: OWNER })).status, 200);
    const res = await browser.post('/admin/login', { email: OWNER });
    assert.equal(res.status, 429);
    const wait = Number(res.headers.get('retry-after'));
    assert.ok(wait > 0);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/, 'a person gets a page, not JSON');
    assert.match(res.headers.get('ratelimit-policy') ?? '', /"signin"/, 'with the same fields as the problem');
    assert.match(browser.html, /Too many attempts/);
    assert.match(browser.html, new RegExp(`Please wait ${wait} seconds`));

    const program = await fetch(`${server.baseUrl}/admin/login`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl }, body: 'email=x' });
    assert.equal(program.status, 429);
    assert.equal(program.headers.get('content-type'), 'application/problem+json');
  });

  it('asking for codes from many clients cannot lock an owner out of asking (security review)', async () => {
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    // More requests for the owner's address than the per-address limit (3), from other clients.
    for (let i = 1; i <= 4; i++) {
      const stranger = new FormClient(server.baseUrl);
      await stranger.get('/admin/login', from(i));
      assert.equal((await stranger.post('/admin/login', { email: OWNER }, from(i))).status, 200, `request ${i}`);
    }
    // Codes are written and mailed in the background, so the owner's request must come after all
    // of them: the three of the test above and these four.
    while (smtp.messages.filter((m) => m.to.includes(OWNER)).length < 7) await new Promise((resolve) => setTimeout(resolve, 20));
    // The owner, from their own client, still gets a code that signs them in.
    const owner = new FormClient(server.baseUrl);
    await owner.get('/admin/login', from(9));
    const code = await requestCode(owner, smtp, OWNER, from(9));
    assert.equal((await owner.post('/admin/login/code', { email: OWNER, code }, from(9))).status, 303);
  });

  it('limits an address however many clients guess at it, and says when to come back', async () => {
    const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });
    const email = 'second-owner@studio.example';
    for (let i = 1; i <= 3; i++) {
      const browser = new FormClient(server.baseUrl);
      await browser.get('/admin/login', from(i));
      assert.equal((await browser.post('/admin/login/code', { email, code: '000000' }, from(i))).status, 422);
    }
    const browser = new FormClient(server.baseUrl);
    await browser.get('/admin/login', from(4));
    const res = await browser.post('/admin/login/code', { email, code: '000000' }, from(4));
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.match(browser.html, /Too many sign-in attempts for this address/);
    const other = new FormClient(server.baseUrl);
    await other.get('/admin/login', from(5));
    assert.equal((await other.post('/admin/login', { email: 'third@studio.example' }, from(5))).status, 200, 'another address from a new client is not held back');
  });
});

describe('on https the cookies are __Host- prefixed and Secure', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.example', RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('signs in and keeps the session under __Host-vitrine_session', async () => {
    const browser = new FormClient(server.baseUrl);
    const headers = { origin: 'https://studio.example' };
    const page = await browser.get('/admin/login');
    assert.match(page.headers.getSetCookie().join('\n'), /^__Host-vitrine_csrf=[^;]+;.*Secure/m);
    const code = await requestCode(browser, smtp, OWNER, headers);
    const res = await browser.post('/admin/login/code', { email: OWNER, code }, headers);
    assert.equal(res.status, 303);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-vitrine_session='));
    assert.ok(cookie, 'the session cookie has exactly one __Host- prefix');
    assert.match(cookie, /Secure/);
    assert.doesNotMatch(cookie, /Domain=/i);
    assert.equal((await browser.get('/admin')).status, 200);
    assert.equal((await browser.post('/admin/logout', {}, { origin: server.baseUrl })).status, 403, 'the origin must be the public one');
  });
});
