import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { refusesMailbox } from '../../src/outbox/channels/mail.js';
import { eventually } from '../helpers/eventually.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startScriptedSmtp, type ScriptedSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@studio.example';
const GONE = 'gone@studio.example';

/**
 * A 5yz reply is permanent for its SMTP transaction (RFC 5321 §4.2.1), but most of them are the
 * relay's setup, which the studio fixes: those notifications must still arrive afterwards. Only a
 * refused mailbox (RCPT TO, 5.1.x) ends a notification at once.
 */
describe('SMTP refusals: the relay\'s setup is retried, a refused mailbox is not', () => {
  let password = 'right';
  let smtp: ScriptedSmtp;
  let server: TestServer;

  before(async () => {
    // A real SMTP server with AUTH over plain TCP: a wrong password gets 535.
    smtp = await startScriptedSmtp(
      {
        onAuth(auth, _session, callback) {
          if (auth.username === 'studio' && auth.password === password) return callback(null, { user: 'studio' });
          callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
        },
        onRcptTo(address, _session, callback) {
          if (address.address === GONE) return callback(Object.assign(new Error('5.1.1 <gone@studio.example>: Recipient address rejected: User unknown'), { responseCode: 550 }));
          callback();
        },
      },
      { user: 'studio', pass: 'wrong' },
    );
    server = await startTestServer({ demo: false, env: { OWNER_EMAILS: `${OWNER},${GONE}`, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '20' }, clock: new ManualClock(Date.now()) });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('a wrong SMTP password (535) is retried, and once the relay accepts it the owner hears of the inquiry', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Sent while the relay refused our login.' }) });
    assert.equal(res.status, 201);
    const rows = await server.store.outbox.list({ resource: ((await res.json()) as { id: string }).id, limit: 10 });
    const ownerRow = rows.find((r) => r.target === OWNER)!;
    // Both owners' emails fail at the login, before any recipient is named.
    const refused = await Promise.all(
      rows.map((row) =>
        eventually(async () => {
          const r = await server.store.outbox.get(row.id);
          return r && r.attempts >= 1 && r.lease_until === null ? r : null;
        }, { what: 'the refused attempt' }),
      ),
    );
    for (const failed of refused) {
      assert.equal(failed.state, 'pending', 'not dead: the studio can fix its relay');
      assert.match(failed.last_error ?? '', /^SMTP 535: /);
    }

    password = 'wrong';
    server.clock.advance(Math.max(...refused.map((r) => r.next_attempt_at)) - server.clock.now());
    await eventually(async () => (await server.store.outbox.get(ownerRow.id))?.state === 'delivered', { what: 'the retry' });
    assert.deepEqual(smtp.received, [OWNER]);

    // The owner whose mailbox the relay does not know (550 5.1.1) is not tried again.
    const goneRow = rows.find((r) => r.target === GONE)!;
    const gone = await eventually(async () => {
      const r = await server.store.outbox.get(goneRow.id);
      return r && r.state === 'dead' ? r : null;
    }, { what: 'the refused mailbox' });
    assert.match(gone.last_error ?? '', /^SMTP 550: /);
  });

  it('refusesMailbox: only RCPT TO 550/551/553 with no enhanced code or a 5.1.x one', () => {
    assert.equal(refusesMailbox({ command: 'RCPT TO', responseCode: 550, response: '550 5.1.1 <x@example.com>: User unknown' }), true);
    assert.equal(refusesMailbox({ command: 'RCPT TO', responseCode: 553, response: '553 mailbox name not allowed' }), true);
    assert.equal(refusesMailbox({ command: 'RCPT TO', responseCode: 554, response: '554 5.7.1 Relay access denied' }), false);
    assert.equal(refusesMailbox({ command: 'RCPT TO', responseCode: 550, response: '550 5.7.1 Relaying denied' }), false, 'the relay\'s policy, not the mailbox');
    assert.equal(refusesMailbox({ command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 Invalid credentials' }), false);
    assert.equal(refusesMailbox({ command: 'MAIL FROM', responseCode: 553, response: '553 5.7.1 Sender address rejected' }), false);
    assert.equal(refusesMailbox({ command: 'CONN', responseCode: 554, response: '554 No SMTP service here' }), false);
    assert.equal(refusesMailbox({ message: 'Connection refused' }), false);
  });
});
