import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { eventually } from '../helpers/eventually.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { startTestSmtp } from '../helpers/smtp.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const OWNER = 'owner@studio.example';

async function send(port: number, name: string, key?: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify({ name, email: 'client@client.example', message: `An inquiry from ${name}, to be heard of.` }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { id: string }).id;
}

describe('the outbox survives the process (npm start)', () => {
  it('an inquiry acknowledged before a kill -9 mid-delivery is mailed and posted after the restart', async () => {
    const smtp = await startTestSmtp();
    const receiver = await startWebhookReceiver();
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-outbox-'));
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'v.db')}`,
      OWNER_EMAILS: OWNER,
      SMTP_URL: smtp.url,
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      OUTBOX_TIMEOUT_MS: '500',
      OUTBOX_POLL_MS: '100',
      RATE_LIMITS_ENABLED: 'false',
    };
    const procs: ServerProcess[] = [];
    try {
      smtp.hold();
      receiver.hold();
      const first = startServerProcess(env);
      procs.push(first);
      const id = await send((await first.listening).port!, 'Before The Crash');
      // Both deliveries are on the wire, unanswered, when the process dies.
      await eventually(() => smtp.inFlight() >= 1 && receiver.inFlight() >= 1, { what: 'both deliveries in flight' });
      first.child.kill('SIGKILL');
      await first.exited;
      receiver.release();
      smtp.release();
      receiver.deliveries.length = 0;
      smtp.messages.length = 0;

      const second = startServerProcess(env);
      procs.push(second);
      await second.listening;
      // The crashed worker's lease (timeout + 5 s margin) runs out, then the new process delivers.
      const [delivery] = await receiver.delivered(1, 20_000);
      assert.ok(delivery!.verified, 'signed with the configured secret');
      assert.equal((delivery!.verified as { data: { id: string } }).data.id, id);
      const mail = await smtp.next((m) => m.to.includes(OWNER), 20_000);
      assert.match(mail.mail.subject ?? '', /Before The Crash/);
    } finally {
      for (const proc of procs) proc.cleanup();
      rmSync(dir, { recursive: true, force: true });
      await receiver.close();
      await smtp.close();
    }
  });

  it('two instances on one PostgreSQL database deliver 200 inquiries as exactly 200 webhooks', async (t) => {
    const skip = await skipWithoutPostgres();
    if (skip) return t.skip(skip);
    const database = await createTestDatabase();
    const receiver = await startWebhookReceiver();
    const env = { DATABASE_URL: database.url, OWNER_EMAILS: OWNER, WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: receiver.secret, WEBHOOK_ALLOW_PRIVATE: 'true', OUTBOX_POLL_MS: '50', RATE_LIMITS_ENABLED: 'false' };
    const procs: ServerProcess[] = [];
    try {
      const a = startServerProcess(env);
      procs.push(a);
      const portA = (await a.listening).port!;
      const b = startServerProcess(env);
      procs.push(b);
      const portB = (await b.listening).port!;
      const ids = new Set<string>();
      for (let batch = 0; batch < 20; batch++) {
        const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 === 0 ? portA : portB, `Client ${batch}-${i}`)));
        for (const id of sent) ids.add(id);
      }
      assert.equal(ids.size, 200);
      const delivered = await receiver.delivered(200, 30_000);
      // Let any duplicate that was going to come arrive before counting.
      await new Promise((r) => setTimeout(r, 500));
      const byInquiry = new Map<string, number>();
      for (const d of receiver.deliveries) {
        const inquiry = (d.verified as { data: { id: string } }).data.id;
        byInquiry.set(inquiry, (byInquiry.get(inquiry) ?? 0) + 1);
      }
      assert.equal(delivered.length, 200);
      assert.equal(receiver.deliveries.length, 200, 'no delivery twice');
      assert.deepEqual([...byInquiry.keys()].sort(), [...ids].sort());
    } finally {
      for (const proc of procs) proc.cleanup();
      await receiver.close();
      await database.drop();
    }
  });
});
