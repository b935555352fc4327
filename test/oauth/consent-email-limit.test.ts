import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { atConsentPage } from '../helpers/consent.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

/**
 * The consent page mails a one-time code to any address it is given. Per address alone, one
 * client could make the studio's mail server write to any number of inboxes; the `signin`
 * policy counts its client address too, as owner sign-in does.
 */
describe('the consent page\'s email proof is limited per client address, not only per address', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '1', RATE_LIMITS: JSON.stringify({ signin: { q: 3, w: 900 }, auth: { q: 1000, w: 60 }, register: { q: 1000, w: 60 } }) } });
  });
  after(async () => {
    try {
      await server.close();
    } finally {
      await smtp.close();
    }
  });

  it('mails codes to three addresses, then refuses a fourth with 429 and Retry-After, mailing nothing (one IPv6 /64 is one client)', async () => {
    const { person, ticket } = await atConsentPage(server.baseUrl);
    for (let n = 1; n <= 3; n++) {
      const sent = await person.post('/oauth/authorize', { ticket, action: 'send_code', email: `someone${n}@example.net` }, { 'x-forwarded-for': `2001:db8:1:2::${n}` });
      assert.equal(sent.status, 200, `address ${n}`);
    }
    const before = smtp.messages.length;
    const refused = await person.post('/oauth/authorize', { ticket, action: 'send_code', email: 'someone4@example.net' }, { 'x-forwarded-for': '2001:db8:1:2:ffff::4' });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.match(person.html, /Too many codes or tries/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(smtp.messages.length, before, 'no fourth mail');
    assert.ok(smtp.messages.every((m) => !m.to.includes('someone4')), 'never to the fourth address');
  });
});
