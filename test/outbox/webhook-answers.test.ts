import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../../src/lib/clock.js';
import { eventually } from '../helpers/eventually.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { webhookSecret } from '../helpers/webhook-receiver.js';

/**
 * What a receiver answers with its status: many endpoints answer a page or an echo of the event,
 * longer than the 64 KiB vitrine reads. The status alone says whether the event arrived.
 */
describe('a receiver that answers with a long body', () => {
  const secret = webhookSecret();
  const statuses: number[] = [];
  const verified: string[] = [];
  const logs: Record<string, unknown>[] = [];
  let receiver: Server;
  let server: TestServer;

  before(async () => {
    const verifier = new Webhook(secret);
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        verifier.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        verified.push(String(req.headers['webhook-id']));
        res.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/html' }).end(`<html>${'x'.repeat(200 * 1024)}</html>`);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) });
    server = await startTestServer({ demo: false, env: { WEBHOOK_URLS: url, WEBHOOK_SECRET: secret, WEBHOOK_ALLOW_PRIVATE: 'true', OUTBOX_POLL_MS: '20' }, clock: new ManualClock(Date.now()), deps: { logger } });
  });
  after(async () => {
    await server?.close();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  async function send(name: string): Promise<string> {
    const res = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, email: 'ada@example.com', message: 'An inquiry for a verbose receiver.' }) });
    assert.equal(res.status, 201);
    const [row] = await server.store.outbox.list({ resource: ((await res.json()) as { id: string }).id, limit: 1 });
    return row!.id;
  }

  it('a 200 with 200 KiB of HTML is a delivery, not a dead notification', async () => {
    const id = await send('Ada');
    const row = await eventually(async () => {
      const r = await server.store.outbox.get(id);
      return r && r.state !== 'pending' ? r : null;
    }, { what: 'the delivery to settle' });
    assert.equal(row.state, 'delivered', `last_error: ${row.last_error}`);
    assert.equal(row.attempts, 1);
    assert.deepEqual(verified, [id]);
  });

  it('a 503 with a long error page is retried, not given up at once', async () => {
    statuses.push(503);
    const id = await send('Grace');
    const failed = await eventually(async () => {
      const r = await server.store.outbox.get(id);
      return r && r.attempts >= 1 && r.lease_until === null ? r : null;
    }, { what: 'the first attempt' });
    assert.equal(failed.state, 'pending');
    assert.equal(failed.last_error, 'the receiver answered 503');
    server.clock.advance(failed.next_attempt_at - server.clock.now());
    await eventually(async () => (await server.store.outbox.get(id))?.state === 'delivered', { what: 'the retry' });
    // Each line names the inquiry and the receiver's host (never its path: it may hold a secret).
    const lines = logs.filter((l) => l.id === id);
    assert.deepEqual(lines.map((l) => l.event), ['delivery_failed', 'delivery_succeeded']);
    const host = new URL((await server.store.outbox.get(id))!.target).host;
    for (const line of lines) assert.deepEqual([line.inquiry, line.host, line.channel], [failed.resource, host, 'webhook']);
    assert.doesNotMatch(JSON.stringify(lines), /\/hook/);
  });

  it('a row queued for a receiver since removed from WEBHOOK_URLS is not sent to it', async () => {
    // As an instance started with the old list would have queued it.
    const stale = 'http://127.0.0.1:9/old-hook';
    await server.store.outbox.enqueue([{ id: 'msg_removed_receiver', event: 'inquiry.created', resource: 'inq_removed_receiver', channel: 'webhook', target: stale, payload: '{"type":"inquiry.created","data":{}}', created_at: server.clock.now() }]);
    const row = await eventually(async () => {
      const r = await server.store.outbox.get('msg_removed_receiver');
      return r && r.attempts >= 1 && r.lease_until === null ? r : null;
    }, { what: 'the attempt' });
    // Pending, for an instance that still has the URL in a rolling deploy; dead after its day.
    assert.deepEqual([row.state, row.last_error], ['pending', "the receiver is not in this instance's WEBHOOK_URLS: not sent"]);
    server.clock.advance(row.next_attempt_at - server.clock.now() + 86_400_000);
    const dead = await eventually(async () => {
      const r = await server.store.outbox.get('msg_removed_receiver');
      return r?.state === 'dead' ? r : null;
    }, { what: 'the row to die with its day' });
    assert.equal(dead.last_error, "the receiver is not in this instance's WEBHOOK_URLS: not sent");
  });
});
