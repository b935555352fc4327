import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

describe('the From of the service\'s mail without MAIL_FROM', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '20', RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('names the studio (its profile\'s name), at noreply@ the public host', async () => {
    const studio = ((await (await fetch(`${server.baseUrl}/api/v1/studio`)).json()) as { name: string }).name;
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A question about a project.' }) });
    assert.equal(res.status, 201);
    const { mail } = await smtp.next((m) => m.to.includes(OWNER));
    assert.deepEqual(mail.from?.value[0], { name: studio, address: `noreply@${new URL(server.baseUrl).hostname}` });
    assert.notEqual(studio, 'vitrine');
  });
});
