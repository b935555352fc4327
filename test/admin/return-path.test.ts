import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { returnPath } from '../../src/owner/return-path.js';
import { FormClient } from '../helpers/form-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { codeOf, isSignInCode, startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

describe('sign-in returns an owner to the admin page they asked for', () => {
  it('takes only a path under /admin on this site (no open redirect)', () => {
    for (const ok of ['/admin/inquiries/inq_01HZX', '/admin/projects/harbour-app?saved=1', '/admin?status=new&q=ada', '/admin/tokens']) assert.equal(returnPath(ok), ok);
    for (const refused of ['https://evil.example/admin', '//evil.example/admin', '/\\evil.example', '/admin\\@evil.example', '/adminx', '/admin/../oauth/authorize', '/admin/login', '/admin/login/code', '/admin/logout', '/admin/a b', '/admin/\r\nset-cookie:x', '/admin//evil.example', 'admin', '', undefined, `/admin/${'a'.repeat(600)}`]) {
      assert.equal(returnPath(refused), undefined, JSON.stringify(refused));
    }
  });

  describe('over HTTP', () => {
    let smtp: TestSmtp;
    let server: TestServer;
    before(async () => {
      smtp = await startTestSmtp();
      server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, RATE_LIMITS_ENABLED: 'false' } });
    });
    after(async () => {
      await server?.close();
      await smtp?.close();
    });

    const signInVia = async (browser: FormClient, next: string) => {
      const seen = smtp.messages.length;
      assert.equal((await browser.post('/admin/login', { email: OWNER, next })).status, 200);
      const code = codeOf(await smtp.next(isSignInCode(OWNER, seen, smtp.messages)));
      return browser.post('/admin/login/code', { email: OWNER, code, next });
    };

    it('the link in a notification mail, opened signed out, leads there once the code is entered', async () => {
      const browser = new FormClient(server.baseUrl);
      const asked = await browser.get('/admin/inquiries/inq_01HZXAMPLE?marked=read');
      assert.equal(asked.status, 303);
      const login = asked.headers.get('location')!;
      assert.equal(login, `/admin/login?next=${encodeURIComponent('/admin/inquiries/inq_01HZXAMPLE?marked=read')}`);
      await browser.get(login);
      assert.match(browser.html, /<input type="hidden" name="next" value="\/admin\/inquiries\/inq_01HZXAMPLE\?marked=read"\/>/);
      const seen = smtp.messages.length;
      assert.equal((await browser.post('/admin/login', { email: OWNER, next: '/admin/inquiries/inq_01HZXAMPLE?marked=read' })).status, 200);
      assert.match(browser.html, /name="next" value="\/admin\/inquiries\/inq_01HZXAMPLE\?marked=read"/, 'the code step carries it on');
      const code = codeOf(await smtp.next(isSignInCode(OWNER, seen, smtp.messages)));
      const res = await browser.post('/admin/login/code', { email: OWNER, code, next: '/admin/inquiries/inq_01HZXAMPLE?marked=read' });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/admin/inquiries/inq_01HZXAMPLE?marked=read');
    });

    it('a return path that leaves /admin is dropped: sign-in lands on /admin', async () => {
      const browser = new FormClient(server.baseUrl);
      await browser.get(`/admin/login?next=${encodeURIComponent('https://evil.example/')}`);
      assert.doesNotMatch(browser.html, /name="next"/);
      const res = await signInVia(browser, '//evil.example/admin');
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/admin');
      // Signed in already: the sign-in page forwards to a valid return path at once.
      const forwarded = await browser.get(`/admin/login?next=${encodeURIComponent('/admin/tokens')}`);
      assert.equal(forwarded.status, 303);
      assert.equal(forwarded.headers.get('location'), '/admin/tokens');
    });

    it('/admin itself and a POST send to the sign-in page with no return path', async () => {
      const browser = new FormClient(server.baseUrl);
      assert.equal((await browser.get('/admin')).headers.get('location'), '/admin/login');
    });
  });
});
