import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cliAgainst } from '../helpers/cli.js';
import { ManualClock } from '../../src/lib/clock.js';
import { eventually } from '../helpers/eventually.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';
import { STOP_WAIT_MS } from '../../src/outbox/worker.js';
import { startWebhookReceiver, type TestWebhookReceiver } from '../helpers/webhook-receiver.js';

const OWNERS = ['owner@studio.example', 'partner@studio.example'];

function inquiry(server: TestServer, body: Record<string, unknown>, path = '/api/v1/inquiries'): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(body) });
}

async function firstSlug(server: TestServer): Promise<{ slug: string; title: string }> {
  const list = (await (await fetch(`${server.baseUrl}/api/v1/projects?limit=1`)).json()) as { data: { slug: string; title: string }[] };
  return list.data[0]!;
}

function notifiedEnv(smtp: TestSmtp, receiver: TestWebhookReceiver): Record<string, string> {
  return {
    OWNER_EMAILS: OWNERS.join(','),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Studio notifications <hello@studio.example>',
    WEBHOOK_URLS: receiver.url,
    WEBHOOK_SECRET: receiver.secret,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    OUTBOX_POLL_MS: '20',
  };
}

/** A server with a real SMTP server and webhook receiver beside it: started before a suite's tests, closed after. */
function notifiedSuite(overrides: Record<string, string>): { smtp: TestSmtp; receiver: TestWebhookReceiver; server: TestServer } {
  const parts = {} as { smtp: TestSmtp; receiver: TestWebhookReceiver; server: TestServer };
  before(async () => {
    parts.smtp = await startTestSmtp();
    parts.receiver = await startWebhookReceiver();
    parts.server = await startTestServer({ demo: false, env: { ...notifiedEnv(parts.smtp, parts.receiver), ...overrides }, clock: new ManualClock(Date.now()) });
  });
  after(async () => {
    parts.smtp?.release();
    await parts.server?.close();
    await parts.smtp?.close();
    await parts.receiver?.close();
  });
  return parts;
}

describe('the studio hears every inquiry: email and signed webhooks from the outbox', () => {
  let smtp: TestSmtp;
  let receiver: TestWebhookReceiver;
  let server: TestServer;
  let id: string;
  let project: { slug: string; title: string };

  before(async () => {
    smtp = await startTestSmtp();
    receiver = await startWebhookReceiver();
    // Receivers check webhook-timestamp against their own clock: start ours at the real time.
    server = await startTestServer({ env: notifiedEnv(smtp, receiver), clock: new ManualClock(Date.now()) });
    project = await firstSlug(server);
    const res = await inquiry(server, { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines', message: 'We would like a trip planner like yours.\nSoon, please.', project_slugs: [project.slug], budget: '40–60k EUR' });
    assert.equal(res.status, 201);
    id = ((await res.json()) as { id: string }).id;
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
    await receiver?.close();
  });

  it('writes one outbox row per owner and per webhook, in the inquiry\'s transaction', async () => {
    const rows = await server.store.outbox.list({ resource: id, limit: 10 });
    assert.deepEqual(rows.map((r) => `${r.channel}:${r.target}`).sort(), [...OWNERS.map((o) => `email:${o}`), `webhook:${receiver.url}`].sort());
    assert.ok(rows.every((r) => r.event === 'inquiry.created' && /^msg_/.test(r.id)));
  });

  it('emails every owner: Reply-To the sender, a subject naming sender and project, a link to the inbox', async () => {
    for (const owner of OWNERS) {
      const { to, mail } = await smtp.next((m) => m.to.includes(owner));
      assert.deepEqual(to, [owner], 'one message per owner');
      assert.equal(mail.from?.value[0]?.address, 'hello@studio.example');
      assert.equal(mail.replyTo?.value[0]?.address, 'ada@example.com', 'answering is one click');
      assert.equal(mail.replyTo?.value[0]?.name, 'Ada Lovelace', 'to the sender by name');
      assert.equal(mail.messageId?.split('@')[1], `${new URL(server.baseUrl).hostname}>`, 'RFC 5322 §3.6.4: the id names the site\'s host');
      assert.ok(mail.text?.includes('From: Ada Lovelace\nEmail: ada@example.com'), 'the name and the address on lines of their own');
      assert.match(mail.text ?? '', /^Received: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/m, 'a time as people read it, not an RFC 3339 stamp');
      assert.ok(typeof mail.html === 'string' && mail.html.includes(`<a href="${server.baseUrl}/projects/${project.slug}">`), 'the project links its page');
      assert.match(mail.subject ?? '', new RegExp(`^New inquiry from Ada Lovelace \\(Analytical Engines\\) about ${project.title}`));
      assert.ok(mail.text?.includes(`${server.baseUrl}/admin/inquiries/${id}`), 'the text links the inbox');
      assert.ok(mail.text?.includes('> We would like a trip planner like yours.'), 'the message is quoted');
      assert.ok(typeof mail.html === 'string' && mail.html.includes(`href="${server.baseUrl}/admin/inquiries/${id}"`), 'an HTML part with the link');
    }
  });

  it('an inquiry from an internationalised domain (zoe@exämple.com) is taken, and the owners\' mail replies to it', async () => {
    const seen = smtp.messages.length;
    const res = await inquiry(server, { name: 'Zoë Müller', email: 'zoe@exämple.com', message: 'Wir planen eine neue Buchungsplattform.' });
    assert.equal(res.status, 201);
    assert.equal(((await res.json()) as { email: string }).email, 'zoe@exämple.com', 'kept as the sender wrote it');
    const { mail } = await smtp.next((m) => smtp.messages.indexOf(m) >= seen && m.to.includes(OWNERS[0]!) && /Zo/.test(m.mail.subject ?? ''));
    // nodemailer sends the domain as punycode (RFC 5890), which every relay carries.
    assert.match(String(mail.replyTo?.value[0]?.address), /^zoe@(?:exämple|xn--exmple-cua)\.com$/);
    const refused = await inquiry(server, { name: 'Józef', email: 'józef@example.com', message: 'A Unicode local part needs SMTPUTF8.' });
    assert.equal(refused.status, 400, 'a Unicode local part is still refused');
  });

  it('a name that holds an address is not Reply-To\'s display name: the reply window shows the real address', async () => {
    const seen = smtp.messages.length;
    assert.equal((await inquiry(server, { name: 'Boss <ceo@studio.example>', email: 'eve@example.com', message: 'Please reply to me at once.' })).status, 201);
    const { mail } = await smtp.next((m) => smtp.messages.indexOf(m) >= seen && m.to.includes(OWNERS[0]!) && /Boss/.test(m.mail.subject ?? ''));
    assert.deepEqual(mail.replyTo?.value, [{ address: 'eve@example.com', name: '' }]);
    assert.ok(mail.text?.includes('From: Boss <ceo@studio.example>\nEmail: eve@example.com'), 'the body still names the sender as written, apart from the address');
  });

  it('a name written as an RFC 2047 encoded word stays the text it is: mail clients do not decode it into another name', async () => {
    const seen = smtp.messages.length;
    const encoded = `=?UTF-8?B?${Buffer.from('Boss <ceo@studio.example>').toString('base64')}?=`;
    assert.equal((await inquiry(server, { name: encoded, email: 'eve@example.com', message: 'Please reply to me at once.' })).status, 201);
    const { mail } = await smtp.next((m) => smtp.messages.indexOf(m) >= seen && m.to.includes(OWNERS[0]!) && /^New inquiry/.test(m.mail.subject ?? '') && !/Ada|Zo/.test(m.mail.subject ?? ''));
    assert.doesNotMatch(mail.subject ?? '', /ceo@/);
    assert.doesNotMatch(String(mail.replyTo?.value[0]?.name), /ceo@/);
    assert.equal(mail.replyTo?.value[0]?.address, 'eve@example.com');
  });

  it('posts the inquiry.created event, verified by the receiver with standardwebhooks', async () => {
    const [delivery] = await receiver.delivered(1);
    const event = delivery!.verified as { type: string; timestamp: string; data: { id: string; email: string; projects: { slug: string; title: string; url: string }[]; links: { inbox: string } } };
    assert.ok(event, 'the signature verifies');
    assert.equal(event.type, 'inquiry.created');
    assert.equal(event.data.id, id);
    assert.equal(event.data.email, 'ada@example.com');
    assert.deepEqual(event.data.projects.map((p) => p.slug), [project.slug]);
    assert.equal(event.data.links.inbox, `${server.baseUrl}/admin/inquiries/${id}`);
    const row = (await server.store.outbox.list({ resource: id, limit: 10 })).find((r) => r.channel === 'webhook')!;
    assert.equal(delivery!.id, row.id, 'webhook-id is the outbox row id');
    assert.equal(delivery!.headers['content-type'], 'application/json');
    await eventually(async () => (await server.store.outbox.get(row.id))?.state === 'delivered', { what: 'the row marked delivered' });
  });

  it('a tampered or foreign signature would not verify (the receiver really checks)', async () => {
    const [delivery] = await receiver.delivered(1);
    const { Webhook } = await import('standardwebhooks');
    assert.throws(() => new Webhook(receiver.secret).verify(`${delivery!.body} `, delivery!.headers as Record<string, string>));
  });

  it('a sandbox inquiry notifies nobody: nothing is stored, nothing is sent', async () => {
    const before = (await server.store.outbox.list({ limit: 1000 })).length;
    const res = await inquiry(server, { name: 'Ada', email: 'ada@example.com', message: 'Rehearsing an inquiry in the sandbox.' }, '/api/v1/sandbox/inquiries');
    assert.equal(res.status, 201);
    assert.equal((await server.store.outbox.list({ limit: 1000 })).length, before);
  });
});

describe('a slow channel holds up only its own deliveries', () => {
  const suite = notifiedSuite({ OWNER_EMAILS: OWNERS[0]!, OUTBOX_TIMEOUT_MS: '30000' });
  let smtp: TestSmtp;
  let receiver: TestWebhookReceiver;
  let server: TestServer;
  before(() => ({ smtp, receiver, server } = suite));

  it('while a mail is still being sent, a later inquiry\'s webhook goes out', async () => {
    smtp.hold();
    assert.equal((await inquiry(server, { name: 'Ada', email: 'ada@example.com', message: 'The first inquiry: its mail hangs.' })).status, 201);
    await receiver.delivered(1);
    await eventually(async () => smtp.inFlight() === 1, { what: 'the first mail in flight' });
    assert.equal((await inquiry(server, { name: 'Grace', email: 'grace@example.com', message: 'The second inquiry: its webhook must not wait.' })).status, 201);
    const deliveries = await receiver.delivered(2, 5_000);
    assert.equal(deliveries.length, 2);
    assert.equal(smtp.inFlight() >= 1, true, 'the first mail is still held');
    smtp.release();
    await smtp.next((m) => /Grace/.test(m.mail.subject ?? ''));
  });
});

describe('a relay that hangs at shutdown', () => {
  it('holds the shutdown for STOP_WAIT_MS, not the delivery timeout (the row stays leased, to be sent again when its lease ends)', async () => {
    const smtp = await startTestSmtp();
    try {
      const server = await startTestServer({ demo: false, env: { SMTP_URL: smtp.url, OWNER_EMAILS: OWNERS[0]!, OUTBOX_TIMEOUT_MS: '60000', OUTBOX_POLL_MS: '20' } });
      smtp.hold();
      assert.equal((await inquiry(server, { name: 'Ada', email: 'ada@example.com', message: 'Sent as the server stops.' })).status, 201);
      await eventually(async () => smtp.inFlight() === 1, { what: 'the mail in flight' });
      const [row] = await server.store.outbox.list({ limit: 1 });
      assert.deepEqual([row?.state, row?.attempts, (row?.lease_until ?? 0) > server.clock.now()], ['pending', 1, true], 'leased while it is sent');
      const started = performance.now();
      await server.close();
      // Before, the worker waited out the 60 s delivery timeout, far past the server's 10 s shutdown budget.
      assert.ok(performance.now() - started < STOP_WAIT_MS + 5_000, `closed after ${Math.round(performance.now() - started)} ms`);
    } finally {
      smtp.release();
      await smtp.close();
    }
  });
});

describe('mails waiting behind a relay that takes its time keep their leases', () => {
  const suite = notifiedSuite({ OWNER_EMAILS: OWNERS[0]!, OUTBOX_TIMEOUT_MS: '30000' });
  const LEASE_MS = 30_000 + 5_000;
  let smtp: TestSmtp;
  let server: TestServer;
  before(() => ({ smtp, server } = suite));

  it('the worker renews the leases of the mails it holds: none is claimed again and sent twice', async () => {
    const clock = server.clock;
    smtp.hold();
    for (let n = 0; n < 8; n++) assert.equal((await inquiry(server, { name: `Sender ${n}`, email: `s${n}@example.com`, message: 'One of a burst of inquiries.' })).status, 201);
    await eventually(async () => smtp.inFlight() === 5, { what: 'five mails at the relay, one per pooled connection; three wait in the pool' });
    const mails = async () => (await server.store.outbox.list({ limit: 100 })).filter((r) => r.channel === 'email');
    const leases = async () => (await mails()).map((r) => r.lease_until ?? 0);
    for (let step = 0; step < 3; step++) {
      // Past half the lease: the next poll renews every lease the worker holds.
      const before = Math.min(...(await leases()));
      clock.advance(LEASE_MS * 0.6);
      await eventually(async () => Math.min(...(await leases())) > before, { what: 'the leases renewed' });
    }
    assert.ok((await mails()).every((r) => r.attempts === 1), 'no mail was claimed a second time');
    smtp.release();
    await eventually(async () => (await mails()).every((r) => r.state === 'delivered'), { what: 'all eight mails delivered' });
    assert.equal(smtp.messages.length, 8, 'each mail sent once');
  });
});

describe('a failing receiver: retries with the same webhook-id, then a dead delivery sent again from the CLI', () => {
  const suite = notifiedSuite({ OWNER_EMAILS: '', SMTP_URL: '', MAIL_FROM: '' });
  let receiver: TestWebhookReceiver;
  let server: TestServer;
  before(() => ({ receiver, server } = suite));

  const failed = (webhookId: string, n: number) => eventually(async () => ((await server.store.outbox.get(webhookId))?.attempts ?? 0) >= n && (await server.store.outbox.get(webhookId))!.lease_until === null, { what: `attempt ${n} recorded` });

  it('answers 500 three times, then 200: four attempts, one webhook-id, backoff between them', async () => {
    receiver.answer(500, 500, 500);
    const res = await inquiry(server, { name: 'Grace', email: 'grace@example.com', message: 'A receiver that is down for a while.' });
    const id = ((await res.json()) as { id: string }).id;
    const [row] = await server.store.outbox.list({ resource: id, limit: 1 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await failed(row!.id, attempt);
      const stored = (await server.store.outbox.get(row!.id))!;
      assert.equal(stored.state, 'pending');
      assert.equal(stored.last_error, 'the receiver answered 500');
      assert.ok(stored.next_attempt_at > server.clock.now(), 'the retry waits for its backoff');
      server.clock.advance(stored.next_attempt_at - server.clock.now());
    }
    const deliveries = await receiver.delivered(1);
    assert.equal(receiver.deliveries.length, 4);
    assert.deepEqual(new Set(receiver.deliveries.map((d) => d.id)), new Set([row!.id]), 'the same webhook-id on every attempt');
    assert.ok(deliveries[0]!.verified);
    await eventually(async () => (await server.store.outbox.get(row!.id))?.state === 'delivered');
    assert.equal((await server.store.outbox.get(row!.id))!.attempts, 4);
  });

  it('gives up after about a day; `vitrine outbox retry` sends the dead delivery again', async () => {
    receiver.answer(503, 503);
    const res = await inquiry(server, { name: 'Edsger', email: 'edsger@example.com', message: 'A receiver that stays down for a day.' });
    const id = ((await res.json()) as { id: string }).id;
    const [row] = await server.store.outbox.list({ resource: id, limit: 1 });
    await failed(row!.id, 1);
    // A day later the next failure is the last.
    server.clock.advance(25 * 3_600_000);
    await eventually(async () => (await server.store.outbox.get(row!.id))?.state === 'dead', { what: 'the delivery to die' });
    const dead = (await server.store.outbox.get(row!.id))!;
    assert.equal(dead.last_error, 'the receiver answered 503');
    assert.equal(dead.attempts, 2, 'a dead delivery is not tried again by itself');

    receiver.deliveries.length = 0;
    const { code, stdout } = await cliAgainst(server, ['outbox', 'retry', row!.id]);
    assert.equal(code, 0);
    assert.match(stdout, /queued again/);
    await eventually(async () => (await server.store.outbox.get(row!.id))?.state === 'delivered', { what: 'the retried delivery' });
    assert.deepEqual(receiver.deliveries.map((d) => [d.id, d.status]), [[row!.id, 200]], 'sent once more, under the same webhook-id');
    const { stdout: listed } = await cliAgainst(server, ['outbox', 'list', '--state', 'delivered']);
    assert.match(listed, new RegExp(`${row!.id}\\tdelivered\\twebhook`));
  });
});

describe('no channel configured', () => {
  it('writes no outbox row for an inquiry and says once at start that mail is off', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const pino = (await import('pino')).default;
    const logger = pino({ level: 'info' }, new Writable({ write: (c: Buffer, _e, done) => (lines.push(c.toString()), done()) }));
    const server = await startTestServer({ demo: false, deps: { logger } });
    try {
      const res = await inquiry(server, { name: 'Ada', email: 'ada@example.com', message: 'Nobody is configured to hear this.' });
      assert.equal(res.status, 201);
      assert.deepEqual(await server.store.outbox.list({ limit: 10 }), []);
      assert.equal(lines.filter((l) => l.includes('mail is off')).length, 1);
      const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40).map((l) => l.msg);
      assert.ok(warnings.some((m) => /^no notification channel is configured \(SMTP_URL, WEBHOOK_URLS\)/.test(m)), warnings.join('\n'));
      assert.ok(warnings.some((m) => /^there are no owners \(set OWNER_EMAILS/.test(m)), warnings.join('\n'));
    } finally {
      await server.close();
    }
  });

  it('mail with no owner warns at start that no one is emailed; an owner and a channel warn of nothing', async () => {
    const { Writable } = await import('node:stream');
    const pino = (await import('pino')).default;
    const smtp = await startTestSmtp();
    try {
      for (const [env, expected] of [[{ SMTP_URL: smtp.url }, [/^there are no owners .*no one is emailed about them and no one can sign in/]], [{ SMTP_URL: smtp.url, OWNER_EMAILS: 'owner@studio.example' }, []]] as const) {
        const lines: string[] = [];
        const logger = pino({ level: 'info' }, new Writable({ write: (c: Buffer, _e, done) => (lines.push(c.toString()), done()) }));
        const server = await startTestServer({ demo: false, env, deps: { logger } });
        await server.close();
        const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40).map((l) => l.msg);
        assert.equal(warnings.length, expected.length, warnings.join('\n'));
        expected.forEach((pattern, i) => assert.match(warnings[i]!, pattern));
      }
    } finally {
      await smtp.close();
    }
  });
});
