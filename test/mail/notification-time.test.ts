import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';

describe('the new-inquiry mail gives the time in the studio\'s own zone', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '20', RATE_LIMITS_ENABLED: 'false' }, clock: new ManualClock(Date.parse('2026-11-29T01:17:00Z')) });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** Sends an inquiry from `name` over the REST API and waits for the owner's notification of it, over real SMTP. */
  const notified = async (name: string): Promise<ReceivedMail> => {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, email: 'ada@example.com', message: 'When can we talk?' }) });
    assert.equal(res.status, 201);
    return smtp.next((m) => m.to.includes(OWNER) && (m.mail.subject ?? '').includes(`New inquiry from ${name}`));
  };
  const setZone = async (time_zone: string) => {
    const profile = (await server.vitrine.studio.current()).profile;
    await server.vitrine.studio.save({ ...profile, time_zone });
  };

  it('in the text and the HTML, with the offset; UTC for a profile that names no zone; the zone as it is when the mail goes out', async () => {
    const utc = await notified('Ada Utc');
    assert.match(utc.mail.text ?? '', /^Received: 29 Nov 2026, 01:17 UTC$/m);

    await setZone('Europe/Berlin');
    const berlin = await notified('Bea Berlin');
    assert.match(berlin.mail.text ?? '', /^Received: 29 Nov 2026, 02:17 UTC\+1$/m);
    assert.match(String(berlin.mail.html), /<th align="left" valign="top">Received<\/th><td>29 Nov 2026, 02:17 UTC\+1<\/td>/);

    await setZone('America/New_York');
    const newYork = await notified('Nia Newyork');
    assert.match(newYork.mail.text ?? '', /^Received: 28 Nov 2026, 20:17 UTC-5$/m, 'the day before, in New York');
  });
});
