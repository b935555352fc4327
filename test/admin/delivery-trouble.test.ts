import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { cliAgainst } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import type { FormClient } from '../helpers/form-client.js';
import { signedInOwner } from '../helpers/owner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { webhookSecret } from '../helpers/webhook-receiver.js';

const OWNER = 'owner@studio.example';

/** A port nothing listens on: a webhook receiver that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('owners are told when notifications are not getting through', () => {
  let server: TestServer;
  let owner: FormClient;

  before(async () => {
    const port = await closedPort();
    server = await startTestServer({
      demo: false,
      env: { OWNER_EMAILS: OWNER, WEBHOOK_URLS: `http://127.0.0.1:${port}/hooks`, WEBHOOK_SECRET: webhookSecret(), WEBHOOK_ALLOW_PRIVATE: 'true', OUTBOX_POLL_MS: '20', RATE_LIMITS_ENABLED: 'false' },
    });
    owner = await signedInOwner(server, OWNER);
  });
  after(async () => server?.close());

  it('every owner page warns while a notification fails, and /metrics counts the attempts', async () => {
    await owner.get('/admin');
    assert.doesNotMatch(owner.html, /not getting through/, 'no warning while all is well');

    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'We would like a trip planner.' }) });
    assert.equal(res.status, 201);

    for (const path of ['/admin', '/admin/projects', '/admin/profile']) {
      await eventually(async () => (await owner.get(path), /not getting through/.test(owner.html)), { what: `the warning on ${path}` });
      assert.match(owner.html, /<section class="error-summary" aria-label="Notifications are not getting through"><p><strong>Notifications are not getting through\.<\/strong> 1 notification has not been delivered/);
      assert.match(owner.html, /last error: <q>[^<]*ECONNREFUSED[^<]*<\/q>/, 'the error says why');
      assert.match(owner.html, /<a href="\/admin\/deliveries">See deliveries<\/a>/);
    }
    await owner.get('/admin');
    assert.match(owner.html, /Ada/, 'the inquiry itself is in the inbox');

    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const retrying = /^vitrine_notification_attempts_total\{channel="webhook",outcome="retrying"\} (\d+)$/m.exec(metrics);
    assert.ok(retrying && Number(retrying[1]) >= 1, metrics.split('\n').filter((l) => l.includes('notification')).join('\n'));
  });

  it('the deliveries page names who sent each inquiry and pages past 50 rows, within the state shown', async () => {
    // Due a day from now, so the worker leaves them pending while the test reads them.
    const later = Date.now() + 86_400_000;
    const rows = Array.from({ length: 60 }, (_, n) => ({ id: `msg_page${String(n).padStart(2, '0')}`, event: 'inquiry.created', resource: `inq_page${n}`, channel: 'webhook' as const, target: 'https://hooks.example/in', payload: JSON.stringify({ type: 'inquiry.created', data: { name: `Sender ${n}` } }), created_at: later + n }));
    await server.store.outbox.enqueue(rows);
    const shown = () => [...owner.html.matchAll(/Inquiry from Sender (\d+)/g)].map((m) => Number(m[1]));

    await owner.get('/admin/deliveries?state=pending');
    assert.deepEqual(shown(), Array.from({ length: 50 }, (_, n) => 59 - n), 'the newest 50, each named by its sender');
    assert.match(owner.html, /<a href="\/admin\/inquiries\/inq_page59" dir="auto">Inquiry from Sender 59<\/a>/);
    const older = /href="(\/admin\/deliveries\?state=pending&amp;cursor=[^"]+)">Older deliveries/.exec(owner.html);
    assert.ok(older, 'a link to the older ones');
    await owner.get(older[1]!.replace(/&amp;/g, '&'));
    assert.deepEqual(shown().slice(0, 10), [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], 'the next page goes on where the first ended');
    assert.match(owner.html, /href="\/admin\/deliveries\?state=pending">Newest deliveries/);
    assert.doesNotMatch(owner.html, /Older deliveries/);

    const foreign = await owner.get(`/admin/deliveries?state=delivered&cursor=${encodeURIComponent(older[1]!.split('cursor=')[1]!)}`);
    assert.equal(foreign.status, 200, "another state's cursor starts that view over");
    assert.doesNotMatch(owner.html, /Newest deliveries/);
  });

  it('a row being sent right now offers no "Send again" (it would go out twice); given-up rows can all be sent again at once', async () => {
    // Due in two days, so the worker leaves them alone; the test claims one as a worker would.
    const later = Date.now() + 2 * 86_400_000;
    const row = (id: string, n: number) => ({ id, event: 'inquiry.created', resource: `inq_${id}`, channel: 'webhook' as const, target: 'https://hooks.example/in', payload: JSON.stringify({ type: 'inquiry.created', data: { name: `Sender ${id}` } }), created_at: later + n });
    await server.store.outbox.enqueue([row('msg_busy', 0)]);
    const claimed = (await server.store.outbox.claimDue(later + 1, 60_000, 1000)).find((r) => r.id === 'msg_busy');
    assert.ok(claimed, 'claimed as a worker would');
    await owner.get('/admin/deliveries?state=pending');
    assert.match(owner.html, /msg_busy<\/span><\/td>(?:(?!<\/tr>)[\s\S])*Being sent now/);
    assert.doesNotMatch(owner.html, /action="\/admin\/deliveries\/msg_busy\/retry"/);
    // A form from before it was claimed still posts: it is left alone, and the owner is told so.
    assert.equal((await owner.post('/admin/deliveries/msg_busy/retry', {})).status, 303);
    assert.equal((await server.store.outbox.get('msg_busy'))?.lease_until, claimed!.lease_until, 'the lease is untouched');
    await owner.get('/admin/deliveries?retried=sending');
    assert.match(owner.html, /being sent right now; it was left alone so it does not go out twice/);

    await server.store.outbox.enqueue([row('msg_dead1', 1), row('msg_dead2', 2)]);
    for (const id of ['msg_dead1', 'msg_dead2']) await server.store.outbox.failed(id, 'SMTP 535: Invalid login', null);
    await owner.get('/admin/deliveries?state=dead');
    assert.match(owner.html, /<form method="post" action="\/admin\/deliveries\/retry-dead"/);
    const sent = await owner.post('/admin/deliveries/retry-dead', {});
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get('location'), '/admin/deliveries?retried=all-2');
    for (const id of ['msg_dead1', 'msg_dead2']) assert.equal((await server.store.outbox.get(id))?.state, 'pending', id);
    await owner.get('/admin/deliveries?retried=all-2');
    assert.match(owner.html, /2 deliveries are queued again/);

    // The same from the command line.
    for (const id of ['msg_dead1', 'msg_dead2']) await server.store.outbox.failed(id, 'SMTP 535: Invalid login', null);
    const cli = await cliAgainst(server, ['outbox', 'retry', '--dead']);
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stdout, /^2 dead deliveries are queued again/);
    const busy = await cliAgainst(server, ['outbox', 'retry', 'msg_busy']);
    assert.match(busy.stdout, /msg_busy is being sent right now; left alone/);
  });

  it('the sign-in page shows no warning to someone signed out', async () => {
    const res = await fetch(`${server.baseUrl}/admin/login`);
    assert.doesNotMatch(await res.text(), /not getting through/);
  });
});
