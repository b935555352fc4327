import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { cliAgainst } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startScriptedSmtp, type ScriptedSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';
const PARTNER = 'partner@studio.example';

/**
 * An inquiry's notifications are written for the owners of the moment; one to an owner removed
 * before it went out (the relay refused it for a while) must not reach them afterwards: a partner
 * who left the studio would still receive a sender's name, address and message.
 */
describe('an owner removed while their notification waits for a retry', () => {
  let refusePartner = true;
  let smtp: ScriptedSmtp;
  let server: TestServer;

  before(async () => {
    // A real SMTP server that refuses the partner for a while (451: try again later, RFC 5321 §4.2.1).
    smtp = await startScriptedSmtp({
      onRcptTo(address, _session, callback) {
        if (refusePartner && address.address === PARTNER) return callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
        callback();
      },
    });
    server = await startTestServer({ demo: false, env: { OWNER_EMAILS: OWNER, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '20' }, clock: new ManualClock(Date.now()) });
    assert.equal((await cliAgainst(server, ['owner', 'add', PARTNER])).code, 0);
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('is not mailed once removed; the row says why, and the remaining owner had theirs', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A message for the studio only.' }) });
    assert.equal(res.status, 201);
    const rows = await server.store.outbox.list({ resource: ((await res.json()) as { id: string }).id, limit: 10 });
    const partnerRow = rows.find((r) => r.target === PARTNER)!;
    const failed = await eventually(async () => {
      const r = await server.store.outbox.get(partnerRow.id);
      return r && r.attempts >= 1 && r.lease_until === null ? r : null;
    }, { what: 'the refused attempt' });
    assert.equal(failed.state, 'pending');
    await eventually(() => smtp.received.includes(OWNER), { what: 'the remaining owner\'s mail' });

    assert.equal((await cliAgainst(server, ['owner', 'remove', PARTNER])).code, 0);
    refusePartner = false;
    server.clock.advance(failed.next_attempt_at - server.clock.now());
    const settled = await eventually(async () => {
      const r = await server.store.outbox.get(partnerRow.id);
      return r && r.state !== 'pending' ? r : null;
    }, { what: 'the retry' });
    assert.equal(settled.state, 'dead');
    assert.equal(settled.last_error, `${PARTNER} is no longer an owner: not sent`);
    assert.deepEqual(smtp.received, [OWNER], 'nothing reached the former owner');
  });
});
