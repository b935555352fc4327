import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { atConsentPage } from '../helpers/consent.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

/**
 * The consent page proves the address it names: the code goes to that address and no other.
 * The mail library reads address syntax (`Name <address>`, lists, groups), so anything but a
 * plain address could send the code to one mailbox and "verify" a different string.
 */
describe('the consent page\'s email proof takes a plain address only', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  });
  after(async () => {
    try {
      await server.close();
    } finally {
      await smtp.close();
    }
  });

  it('refuses "Name<address>", a group and a list, mailing nothing; a plain address still gets its code', async () => {
    const { person, ticket } = await atConsentPage(server.baseUrl);
    for (const email of ['ceo.studio.example<eve@evil.example>', 'ceo.studio.example:eve@evil.example;', 'eve@evil.example,ceo']) {
      const sent = await person.post('/oauth/authorize', { ticket, action: 'send_code', email });
      assert.equal(sent.status, 422, email);
      assert.match(person.html, /Enter an email address/);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(smtp.messages.flatMap((m) => m.to), [], 'no code went anywhere');
    assert.equal((await person.post('/oauth/authorize', { ticket, action: 'send_code', email: 'ada@example.com' })).status, 200);
    assert.deepEqual((await smtp.next((m) => m.to.includes('ada@example.com'))).to, ['ada@example.com']);
  });
});
