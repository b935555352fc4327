import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { StoreUnavailableError } from '../../src/lib/errors.js';
import { createPostgresStore } from '../../src/store/postgres/store.js';
import type { InquiryRecord, Provenance, Store } from '../../src/store/ports/index.js';

const inquiry = (id: string): InquiryRecord & Provenance => ({ id, name: 'Ada', email: 'ada@example.com', company: null, message: 'Sent while the database is away.', project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: '2026-06-01T12:00:00Z', credential: null, identity_type: null, subject: null });

/**
 * PostgreSQL's inquiry batches (src/store/postgres/accept-inquiry.ts) when the database does not
 * answer: a peer that accepts connections and never speaks, so each connection attempt waits out
 * the connect timeout. The inquiries queued behind the failing batch are refused with it, not
 * batch after batch, each one connect timeout later.
 */
describe('PostgreSQL inquiry batches while the database is away', () => {
  const sockets: Socket[] = [];
  let connections = 0;
  const silent = createServer((socket) => {
    connections += 1;
    sockets.push(socket);
  });
  let store: Store;
  before(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    store = createPostgresStore(`postgres://vitrine@127.0.0.1:${(silent.address() as AddressInfo).port}/none`, { connectTimeoutMs: 300 });
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    silent.close();
    await store.close().catch(() => undefined);
  });

  it('refuses every waiting inquiry as unavailable (503) after one connect timeout, not one batch after another', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => store.acceptInquiry(inquiry(`inq_away_${i}`), [], null)));
    assert.ok(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof StoreUnavailableError), 'each a StoreUnavailableError');
    // The two statements in flight tried to connect; the queue behind them did not try again.
    assert.ok(connections <= 2, `${connections} connection attempts for 200 inquiries`);
  });
});
