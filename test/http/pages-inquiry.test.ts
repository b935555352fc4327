import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { FORM_TOKEN_TTL_MS } from '../../src/pages/form-token.js';
import { projectFields } from '../helpers/project-fields.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines Ltd', project_slugs: 'atlas-regional-trip-planner', budget: '€50k', timeline: 'Q3', message: 'We need a journey planner for our region.' };

describe('inquiry form over HTTP (POST /inquire)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function formToken(path = '/inquire'): Promise<string> {
    const html = await (await fetch(`${server.baseUrl}${path}`)).text();
    return /name="form_token" value="([^"]+)"/.exec(html)![1]!;
  }

  function post(fields: Record<string, string>, headers: Record<string, string> = { origin: server.baseUrl }) {
    return fetch(`${server.baseUrl}/inquire`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it('serves the form uncached, with a one-off token and the project preselected', async () => {
    const res = await fetch(`${server.baseUrl}/inquire?project=atlas-regional-trip-planner`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.match(res.headers.get('content-security-policy') ?? '', /form-action 'self'/);
    const html = await res.text();
    assert.match(html, /<option value="atlas-regional-trip-planner" selected="">/);
    for (const id of ['name', 'email', 'company', 'project', 'budget', 'timeline', 'message']) assert.match(html, new RegExp(`<label for="${id}">`), `label for ${id}`);
    assert.notEqual(await formToken(), await formToken(), 'every form gets its own token');
  });

  it('offers the projects the catalog publishes now: its choices are kept only while the catalog is unchanged', async () => {
    const choices = async () => [...(await (await fetch(`${server.baseUrl}/inquire`)).text()).matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    const first = await choices();
    assert.ok(first.includes('atlas-regional-trip-planner'));
    assert.deepEqual(await choices(), first);
    await server.store.projects.upsert([projectFields({ slug: 'atlas-trip-planner-two', title: 'Atlas Trip Planner Two', summary: 'Published after the first form.' })], server.clock.now(), () => newId(cryptoRandom, 'prj'));
    server.clock.advance(server.config.catalogVersionCheckMs);
    const later = await choices();
    assert.ok(later.includes('atlas-trip-planner-two'), 'a project published since the last form');
    assert.equal(later.length, first.length + 1);
  });

  it('stores a valid inquiry from source "web" and answers 303 See Other to the thank-you page', async () => {
    const before = await server.store.inquiries.count();
    const res = await post({ ...VALID, form_token: await formToken() });
    assert.equal(res.status, 303);
    const location = res.headers.get('location')!;
    assert.match(location, /^\/inquire\/thanks\?ref=inq_[\w-]+$/);
    assert.equal(await server.store.inquiries.count(), before + 1);
    const stored = await server.store.inquiries.get(new URL(location, server.baseUrl).searchParams.get('ref')!);
    assert.equal(stored?.source, 'web');
    assert.equal(stored?.client_id, null);
    assert.deepEqual(stored?.project_slugs, ['atlas-regional-trip-planner']);
    assert.equal(stored?.budget, '€50k');
    const thanks = await fetch(new URL(location, server.baseUrl));
    assert.equal(thanks.headers.get('cache-control'), 'no-store');
    const thanksHtml = await thanks.text();
    assert.ok(thanksHtml.includes(stored!.id));
    // WAI-ARIA 1.2: the thank-you page is inside the inquiry section, not the form itself.
    assert.match(thanksHtml, /<a class="button" href="\/inquire" aria-current="true">/);
    assert.doesNotMatch(thanksHtml, /aria-current="page"/);
  });

  it('the same form sent twice stores one inquiry and both answers name it (the token is the Idempotency-Key)', async () => {
    const before = await server.store.inquiries.count();
    const token = await formToken();
    const [first, second] = await Promise.all([post({ ...VALID, form_token: token }), post({ ...VALID, form_token: token })]);
    assert.equal(first.status, 303);
    assert.equal(second.status, 303);
    assert.equal(first.headers.get('location'), second.headers.get('location'));
    const third = await post({ ...VALID, form_token: token });
    assert.equal(third.headers.get('location'), first.headers.get('location'));
    assert.equal(await server.store.inquiries.count(), before + 1);
  });

  it('re-renders invalid input with 422, errors next to the fields and the typed values escaped', async () => {
    const before = await server.store.inquiries.count();
    const res = await post({ ...VALID, email: 'nope', message: 'short', company: '"><script>alert(1)</script>', form_token: await formToken() });
    assert.equal(res.status, 422);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    assert.match(html, /<p class="field-error" id="email-error">/);
    assert.match(html, /<p class="field-error" id="message-error">/);
    assert.match(html, /id="email"[^>]*value="nope"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="email"/);
    assert.ok(html.includes('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'));
    assert.ok(!html.includes('<script>alert(1)'));
    assert.match(html, />short<\/textarea>/);
    assert.equal(await server.store.inquiries.count(), before);
  });

  it('the same answers sent again from a fresh form (Back, then Send) give the inquiry already made, not a second', async () => {
    const answers = { ...VALID, message: 'We need a ferry timetable, sent once however often we press Back.' };
    const first = await post({ ...answers, form_token: await formToken() });
    assert.equal(first.status, 303);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('vitrine_sent='))!;
    assert.match(cookie, /^vitrine_sent=inq_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/inquire; HttpOnly; SameSite=Lax$/);
    const sentCookie = cookie.split(';')[0]!;
    const before = await server.store.inquiries.count();

    const again = await post({ ...answers, form_token: await formToken() }, { origin: server.baseUrl, cookie: sentCookie });
    assert.equal(again.status, 303);
    assert.equal(again.headers.get('location'), first.headers.get('location'), 'the same reference');
    assert.equal(await server.store.inquiries.count(), before, 'nothing stored');

    const changed = await post({ ...answers, message: `${answers.message} And a second thought.`, form_token: await formToken() }, { origin: server.baseUrl, cookie: sentCookie });
    assert.notEqual(changed.headers.get('location'), first.headers.get('location'), 'other answers are another inquiry');
    const elsewhere = await post({ ...answers, form_token: await formToken() });
    assert.notEqual(elsewhere.headers.get('location'), first.headers.get('location'), 'another browser (no cookie) sends its own');
    assert.equal(await server.store.inquiries.count(), before + 2);
    const forged = await post({ ...answers, form_token: await formToken() }, { origin: server.baseUrl, cookie: sentCookie.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`) });
    assert.notEqual(forged.headers.get('location'), first.headers.get('location'), 'a cookie whose MAC does not match is ignored');
  });

  it('shows an unknown project slug as a field error', async () => {
    const res = await post({ ...VALID, project_slugs: 'no-such-project', form_token: await formToken() });
    assert.equal(res.status, 422);
    assert.match(await res.text(), /id="project-error"/);
    // With another field wrong too: said at once, not left for after the fix, when the list,
    // which does not hold it, would have sent the form on with no project.
    const both = await post({ ...VALID, email: 'nope', project_slugs: 'no-such-project', form_token: await formToken() });
    assert.equal(both.status, 422);
    const html = await both.text();
    assert.match(html, /id="email-error"/);
    assert.match(html, /id="project-error"[^>]*>[\s\S]*?Choose a project from the list\./);
  });

  it('counts a line break the browser sends as CRLF as one character, as the textarea\'s maxlength did', async () => {
    // 5,000 characters in the browser (79 line breaks among them), 5,079 on the wire.
    const message = `${'a'.repeat(61)}\n`.repeat(80).replace(/\n$/, 'b').padEnd(5000, 'c');
    assert.equal(message.length, 5000);
    const res = await post({ ...VALID, message: message.replaceAll('\n', '\r\n'), form_token: await formToken() });
    assert.equal(res.status, 303, 'the browser let it through, so the server takes it');
    const stored = await server.store.inquiries.get(new URL(res.headers.get('location')!, server.baseUrl).searchParams.get('ref')!);
    assert.equal(stored?.message, message, 'stored with the line breaks the visitor typed');
  });

  it('a form changed after it was sent is not stored again under the same token (409 with a fresh token)', async () => {
    const token = await formToken();
    assert.equal((await post({ ...VALID, form_token: token })).status, 303);
    const before = await server.store.inquiries.count();
    const res = await post({ ...VALID, message: 'Something else entirely, actually.', form_token: token });
    assert.equal(res.status, 409);
    const html = await res.text();
    assert.match(html, /already sent/);
    const fresh = /name="form_token" value="([^"]+)"/.exec(html)![1]!;
    assert.notEqual(fresh, token);
    assert.equal(await server.store.inquiries.count(), before);
    assert.equal((await post({ ...VALID, message: 'Something else entirely, actually.', form_token: fresh })).status, 303);
  });

  describe('CSRF defence for an anonymous form', () => {
    it('rejects a cross-origin Origin with 403 and stores nothing', async () => {
      const before = await server.store.inquiries.count();
      const token = await formToken();
      for (const origin of ['https://evil.example', 'null']) {
        const res = await post({ ...VALID, form_token: token }, { origin });
        assert.equal(res.status, 403, origin);
        assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
        await res.arrayBuffer();
      }
      const viaReferer = await post({ ...VALID, form_token: token }, { referer: 'https://evil.example/page' });
      assert.equal(viaReferer.status, 403);
      await viaReferer.arrayBuffer();
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('accepts a same-origin Referer when Origin is absent', async () => {
      const res = await post({ ...VALID, form_token: await formToken() }, { referer: `${server.baseUrl}/inquire` });
      assert.equal(res.status, 303);
    });

    it('rejects a missing or forged token but keeps the answers and offers a fresh token', async () => {
      const before = await server.store.inquiries.count();
      for (const form_token of ['', 'abc.def.ghi', `${(await formToken()).slice(0, -2)}xx`]) {
        const res = await post({ ...VALID, form_token });
        assert.equal(res.status, 403);
        const html = await res.text();
        assert.match(html, /could not verify this form/);
        assert.match(html, /value="Ada Lovelace"/);
        assert.match(html, /name="form_token" value="[^"]+"/);
      }
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('rejects a token older than two hours', async () => {
      const token = await formToken();
      server.clock.advance(FORM_TOKEN_TTL_MS + 1000);
      const res = await post({ ...VALID, form_token: token });
      assert.equal(res.status, 403);
      assert.match(await res.text(), /has expired/);
    });
  });
});
