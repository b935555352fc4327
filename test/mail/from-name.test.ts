import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSmtpMailer } from '../../src/mail/smtp-mailer.js';
import { FormClient } from '../helpers/form-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { isSignInCode, startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

/** The From of a mail of each kind the service sends (an inquiry notification, a sign-in code), over a real SMTP conversation. */
function fromOf(env: Record<string, string>) {
  let smtp: TestSmtp;
  let server: TestServer;
  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '20', RATE_LIMITS_ENABLED: 'false', ...env } });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });
  const from = (received: ReceivedMail) => received.mail.from?.value[0];
  return {
    get server() {
      return server;
    },
    async notification() {
      const seen = smtp.messages.length;
      const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A question about a project.' }) });
      assert.equal(res.status, 201);
      return from(await smtp.next((m) => smtp.messages.indexOf(m) >= seen && m.to.includes(OWNER) && /inquiry/i.test(m.mail.subject ?? '')));
    },
    async signInCode() {
      const browser = new FormClient(server.baseUrl);
      await browser.get('/admin/login');
      const seen = smtp.messages.length;
      assert.equal((await browser.post('/admin/login', { email: OWNER })).status, 200);
      return from(await smtp.next(isSignInCode(OWNER, seen, smtp.messages)));
    },
  };
}

describe('the From of the service\'s mail without MAIL_FROM', () => {
  const mail = fromOf({});

  it('names the studio (its profile\'s name), at noreply@ the public host, on notifications and sign-in codes', async () => {
    const studio = ((await (await fetch(`${mail.server.baseUrl}/api/v1/studio`)).json()) as { name: string }).name;
    const address = `noreply@${new URL(mail.server.baseUrl).hostname}`;
    assert.notEqual(studio, 'vitrine');
    assert.deepEqual(await mail.notification(), { name: studio, address });
    assert.deepEqual(await mail.signInCode(), { name: studio, address });
  });

  it('takes the name as the profile is when a mail goes out, quoted or encoded as the header needs (a comma, quotes, non-ASCII)', async () => {
    const profile = (await mail.server.vitrine.studio.current()).profile;
    const name = 'Atelier Müller, "Ana" & Co';
    await mail.server.vitrine.studio.save({ ...profile, name });
    const address = `noreply@${new URL(mail.server.baseUrl).hostname}`;
    assert.deepEqual(await mail.signInCode(), { name, address });
    assert.deepEqual(await mail.notification(), { name, address });
  });
});

describe('the From of the service\'s mail with MAIL_FROM', () => {
  describe('an address without a display name', () => {
    const mail = fromOf({ MAIL_FROM: 'hello@studio.example' });
    it('is sent with the studio\'s name, at that address', async () => {
      const studio = (await mail.server.vitrine.studio.current()).profile.name;
      assert.deepEqual(await mail.signInCode(), { name: studio, address: 'hello@studio.example' });
      assert.deepEqual(await mail.notification(), { name: studio, address: 'hello@studio.example' });
    });
  });

  describe('an address in angle brackets with no name', () => {
    const mail = fromOf({ MAIL_FROM: '<hello@studio.example>' });
    it('is sent with the studio\'s name too', async () => {
      const studio = (await mail.server.vitrine.studio.current()).profile.name;
      assert.deepEqual(await mail.signInCode(), { name: studio, address: 'hello@studio.example' });
    });
  });

  describe('a display name the operator wrote', () => {
    const mail = fromOf({ MAIL_FROM: 'Front desk <desk@studio.example>' });
    it('is used as written', async () => {
      assert.deepEqual(await mail.signInCode(), { name: 'Front desk', address: 'desk@studio.example' });
      assert.deepEqual(await mail.notification(), { name: 'Front desk', address: 'desk@studio.example' });
    });
  });
});

describe('the From when the studio has no name to give', () => {
  it('falls back to "vitrine" for a blank name, and only then', async () => {
    const smtp = await startTestSmtp();
    try {
      for (const [name, expected] of [['  ', 'vitrine'], ['Larchwood', 'Larchwood']] as const) {
        const mailer = createSmtpMailer({ url: smtp.url, from: 'noreply@studio.example', studioNamed: true }, 5_000, async () => name);
        const seen = smtp.messages.length;
        await mailer.send({ to: 'ana@studio.example', subject: `to ${expected}`, text: 'hello', html: '<p>hello</p>' });
        const received = await smtp.next((m) => smtp.messages.indexOf(m) >= seen);
        assert.deepEqual(received.mail.from?.value[0], { name: expected, address: 'noreply@studio.example' });
        mailer.close();
      }
    } finally {
      await smtp.close();
    }
  });
});
