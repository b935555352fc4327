import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore } from '../../src/store/create-store.js';
import type { InquiryRecord, NewOutboxItem, Provenance } from '../../src/store/ports/index.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

/**
 * The owner side of the storage contract (owners, sign-in codes and links, sessions, owner
 * tokens, the inbox queries and the outbox), run against both adapters.
 */

const NOW = Date.parse('2026-06-01T12:00:00Z');

function inquiry(id: string, createdAt: string, fields: Partial<InquiryRecord & Provenance> = {}): InquiryRecord & Provenance {
  return { id, name: 'Ada', email: 'ada@example.com', company: null, message: 'A booking system, please.', project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: createdAt, credential: null, identity_type: null, subject: null, ...fields };
}

function item(id: string, fields: Partial<NewOutboxItem> = {}): NewOutboxItem {
  return { id, event: 'inquiry.created', resource: 'inq_a', channel: 'webhook', target: 'https://hooks.example/vitrine', payload: '{}', created_at: NOW, ...fields };
}

await describeEachDialect('owner-side storage contract', (suite) => {
  it('owners: add once, list, has, remove', async () => {
    assert.equal(await suite.store.owners.add('owner@studio.example', NOW), true);
    assert.equal(await suite.store.owners.add('owner@studio.example', NOW + 1), false, 'adding twice is a no-op');
    await suite.store.owners.add('partner@studio.example', NOW + 2);
    assert.deepEqual((await suite.store.owners.list()).map((o) => o.email).sort(), ['owner@studio.example', 'partner@studio.example']);
    assert.equal(await suite.store.owners.has('owner@studio.example'), true);
    assert.equal(await suite.store.owners.remove('partner@studio.example'), true);
    assert.equal(await suite.store.owners.remove('partner@studio.example'), false);
    assert.equal(await suite.store.owners.has('partner@studio.example'), false);
  });

  it('sign-in codes: one live code per email, failed attempts counted', async () => {
    const email = 'owner@studio.example';
    await suite.store.signInCodes.put({ email, code_hash: 'h1', attempts: 0, expires_at: NOW + 600_000, created_at: NOW });
    assert.equal(await suite.store.signInCodes.recordFailedAttempt(email), 1);
    assert.equal(await suite.store.signInCodes.recordFailedAttempt(email), 2);
    await suite.store.signInCodes.put({ email, code_hash: 'h2', attempts: 0, expires_at: NOW + 700_000, created_at: NOW + 1 });
    assert.deepEqual(await suite.store.signInCodes.get(email), { email, code_hash: 'h2', attempts: 0, expires_at: NOW + 700_000, created_at: NOW + 1 }, 'a new code replaces the old one and its count');
    assert.equal(await suite.store.signInCodes.consume(email, 'h1', NOW, 5), false, 'the replaced code');
    assert.equal(await suite.store.signInCodes.consume(email, 'h2', NOW + 700_000, 5), false, 'expired');
    for (let i = 0; i < 5; i++) await suite.store.signInCodes.recordFailedAttempt(email);
    assert.equal(await suite.store.signInCodes.consume(email, 'h2', NOW, 5), false, 'too many wrong guesses');
    await suite.store.signInCodes.put({ email, code_hash: 'h3', attempts: 0, expires_at: NOW + 600_000, created_at: NOW });
    const raced = await Promise.all([suite.store.signInCodes.consume(email, 'h3', NOW, 5), suite.store.signInCodes.consume(email, 'h3', NOW, 5)]);
    assert.deepEqual(raced.sort(), [false, true], 'a code signs in once');
    await suite.store.signInCodes.put({ email, code_hash: 'h4', attempts: 0, expires_at: NOW + 600_000, created_at: NOW });
    await suite.store.signInCodes.delete(email);
    assert.equal(await suite.store.signInCodes.get(email), undefined);
    assert.equal(await suite.store.signInCodes.recordFailedAttempt(email), 0, 'no code, nothing to count');
  });

  it('login links: consumed once, and never after they expire', async () => {
    await suite.store.loginLinks.insert({ hash: 'link-1', email: 'owner@studio.example', expires_at: NOW + 1000 });
    await suite.store.loginLinks.insert({ hash: 'link-2', email: 'owner@studio.example', expires_at: NOW + 1000 });
    const [a, b] = await Promise.all([suite.store.loginLinks.consume('link-1', NOW), suite.store.loginLinks.consume('link-1', NOW)]);
    assert.deepEqual([a, b].filter(Boolean), ['owner@studio.example'], 'of two racing uses, one wins');
    assert.equal(await suite.store.loginLinks.consume('link-2', NOW + 1000), undefined, 'expired');
    assert.equal(await suite.store.loginLinks.consume('link-unknown', NOW), undefined);
  });

  it('sessions: find, touch, end one owner\'s, prune idle and expired', async () => {
    const session = (hash: string, email: string, lastSeen: number, expires: number) => ({ hash, email, created_at: NOW, last_seen_at: lastSeen, expires_at: expires });
    await suite.store.sessions.insert(session('s1', 'owner@studio.example', NOW, NOW + 10_000));
    await suite.store.sessions.insert(session('s2', 'owner@studio.example', NOW, NOW + 10_000));
    await suite.store.sessions.insert(session('s3', 'partner@studio.example', NOW, NOW + 10_000));
    await suite.store.sessions.insert(session('s4', 'partner@studio.example', NOW, NOW + 500));
    await suite.store.sessions.touch('s3', NOW + 400);
    assert.equal((await suite.store.sessions.find('s3'))?.last_seen_at, NOW + 400);
    assert.equal(await suite.store.sessions.deleteFor('owner@studio.example'), 2);
    assert.equal(await suite.store.sessions.find('s1'), undefined);
    // s4 is past its absolute end; s3 was seen after the idle cut-off.
    assert.equal(await suite.store.sessions.prune(NOW + 600, NOW + 300), 1);
    assert.ok(await suite.store.sessions.find('s3'));
    assert.equal(await suite.store.sessions.prune(NOW + 600, NOW + 500), 1, 'idle since before the cut-off');
    await suite.store.sessions.delete('missing');
  });

  it('owner tokens: by hash, listed newest first, revoked once', async () => {
    const token = (id: string, hash: string, email: string, createdAt: number) => ({ id, hash, email, name: `token ${id}`, created_at: createdAt, last_used_at: null, revoked_at: null });
    await suite.store.ownerTokens.insert(token('otk_1', 'th1', 'owner@studio.example', NOW));
    await suite.store.ownerTokens.insert(token('otk_2', 'th2', 'partner@studio.example', NOW + 1));
    assert.equal((await suite.store.ownerTokens.findByHash('th1'))?.id, 'otk_1');
    assert.deepEqual((await suite.store.ownerTokens.list()).map((t) => t.id), ['otk_2', 'otk_1']);
    assert.deepEqual((await suite.store.ownerTokens.list('owner@studio.example')).map((t) => t.id), ['otk_1']);
    await suite.store.ownerTokens.touch('th1', NOW + 5);
    assert.equal((await suite.store.ownerTokens.findByHash('th1'))?.last_used_at, NOW + 5);
    assert.equal(await suite.store.ownerTokens.revoke('otk_1', NOW + 6), true);
    assert.equal(await suite.store.ownerTokens.revoke('otk_1', NOW + 7), false, 'already revoked');
    assert.equal((await suite.store.ownerTokens.findByHash('th1'))?.revoked_at, NOW + 6);
  });

  it('inbox queries: status, text (wildcards literal), keyset pages, counts, status changes, delete', async () => {
    await suite.store.inquiries.insert(inquiry('inq_a', '2026-06-01T10:00:00Z', { name: 'Grace Hopper', company: 'Navy 100%' }));
    await suite.store.inquiries.insert(inquiry('inq_b', '2026-06-01T11:00:00Z', { message: 'Ticket sales for a museum.' }));
    await suite.store.inquiries.insert(inquiry('inq_c', '2026-06-01T11:00:00Z', { email: 'ops@harbor.example', credential: 'access_token', identity_type: 'identity_assertion', subject: 'ops@harbor.example' }));
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10 })).map((i) => i.id), ['inq_c', 'inq_b', 'inq_a']);
    const first = await suite.store.inquiries.list({ limit: 2 });
    const rest = await suite.store.inquiries.list({ limit: 2, after: { createdAt: first[1]!.created_at, id: first[1]!.id } });
    assert.deepEqual([...first, ...rest].map((i) => i.id), ['inq_c', 'inq_b', 'inq_a'], 'pages meet without a gap or a repeat');
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, text: 'HOPPER' })).map((i) => i.id), ['inq_a']);
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, text: 'museum' })).map((i) => i.id), ['inq_b']);
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, text: '100%' })).map((i) => i.id), ['inq_a']);
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, text: '%' })).map((i) => i.id), ['inq_a'], 'a % in the text is a percent sign, not a wildcard');
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, text: 'harbor.example' })).map((i) => i.id), ['inq_c']);
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, text: ' inq_b ' })).map((i) => i.id), ['inq_b'], 'the reference a sender was given finds its inquiry');
    const stored = await suite.store.inquiries.get('inq_c');
    assert.deepEqual([stored?.credential, stored?.identity_type, stored?.subject, stored?.status], ['access_token', 'identity_assertion', 'ops@harbor.example', 'new']);

    assert.equal(await suite.store.inquiries.setStatus('inq_b', 'replied', '2026-06-02T09:00:00Z'), true);
    assert.equal(await suite.store.inquiries.setStatus('inq_missing', 'replied', '2026-06-02T09:00:00Z'), false);
    assert.equal((await suite.store.inquiries.get('inq_b'))?.status_changed_at, '2026-06-02T09:00:00Z');
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, status: 'replied' })).map((i) => i.id), ['inq_b']);
    assert.deepEqual(await suite.store.inquiries.countByStatus(), { new: 2, read: 0, replied: 1, archived: 0, spam: 0 });
    assert.deepEqual(await suite.store.inquiries.countByStatus('MUSEUM'), { new: 0, read: 0, replied: 1, archived: 0, spam: 0 }, 'with a text: of what the search finds');
    assert.deepEqual(await suite.store.inquiries.countByStatus('%'), { new: 1, read: 0, replied: 0, archived: 0, spam: 0 });
    await suite.store.inquiries.setStatus('inq_a', 'archived', '2026-06-02T09:01:00Z');
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, status: 'open' })).map((i) => i.id), ['inq_c', 'inq_b'], 'open: new, read or replied');
    assert.deepEqual((await suite.store.inquiries.list({ limit: 10, status: 'open', text: 'hopper' })).map((i) => i.id), []);
    await suite.store.inquiries.setStatus('inq_a', 'new', '2026-06-02T09:02:00Z');
    assert.equal(await suite.store.inquiries.delete('inq_b'), true);
    assert.equal(await suite.store.inquiries.delete('inq_b'), false);
    assert.equal(await suite.store.inquiries.count(), 2);
  });

  describe('outbox', () => {
    const LEASE = 15_000;

    it('claims due pending rows once, counting the attempt; a live lease keeps others off', async () => {
      await suite.store.outbox.enqueue([item('msg_1'), item('msg_2', { created_at: NOW + 1 }), item('msg_later', { created_at: NOW + 60_000 })]);
      const claimed = await suite.store.outbox.claimDue(NOW + 10, LEASE, 10);
      assert.deepEqual(claimed.map((r) => r.id).sort(), ['msg_1', 'msg_2'], 'a row is due from its created_at');
      assert.ok(claimed.every((r) => r.attempts === 1 && r.lease_until === NOW + 10 + LEASE && r.last_attempt_at === NOW + 10));
      assert.deepEqual(await suite.store.outbox.claimDue(NOW + 20, LEASE, 10), [], 'leased rows are not claimed again');
    });

    it('records a failure with its retry time, and a delivery', async () => {
      await suite.store.outbox.delivered('msg_2', NOW + 40);
      const delivered = await suite.store.outbox.get('msg_2');
      assert.deepEqual([delivered?.state, delivered?.delivered_at, delivered?.lease_until], ['delivered', NOW + 40, null]);
      await suite.store.outbox.failed('msg_1', 'the receiver answered 500', NOW + 30_000);
      const failed = await suite.store.outbox.get('msg_1');
      assert.deepEqual([failed?.state, failed?.last_error, failed?.next_attempt_at, failed?.lease_until], ['pending', 'the receiver answered 500', NOW + 30_000, null]);
      assert.deepEqual(await suite.store.outbox.claimDue(NOW + 29_999, LEASE, 10), [], 'not before its retry time');
      await suite.store.outbox.failed('msg_2', 'late news from a timed-out worker', NOW);
      assert.equal((await suite.store.outbox.get('msg_2'))?.state, 'delivered', 'a delivered row stays delivered');
    });

    it('a crashed worker\'s lease ends and another worker takes the row', async () => {
      const [retried] = await suite.store.outbox.claimDue(NOW + 30_000, LEASE, 10);
      assert.equal(retried?.id, 'msg_1');
      assert.equal(retried?.attempts, 2);
      // The worker dies here without a word; after its lease the row is claimable again.
      assert.deepEqual(await suite.store.outbox.claimDue(NOW + 30_000 + LEASE - 1, LEASE, 10), []);
      const [taken] = await suite.store.outbox.claimDue(NOW + 30_000 + LEASE, LEASE, 10);
      assert.deepEqual([taken?.id, taken?.attempts], ['msg_1', 3]);
    });

    it('gives up (dead) and is sent again on retry; a delivered row is not', async () => {
      await suite.store.outbox.failed('msg_1', 'the receiver answered 503', null);
      assert.equal((await suite.store.outbox.get('msg_1'))?.state, 'dead');
      assert.deepEqual(await suite.store.outbox.claimDue(NOW + 10 * 86_400_000, LEASE, 10).then((rows) => rows.map((r) => r.id)), ['msg_later'], 'a dead row is never claimed');
      assert.equal(await suite.store.outbox.retry('msg_1', NOW + 100_000), 'queued');
      assert.equal(await suite.store.outbox.retry('msg_2', NOW + 100_000), 'absent', 'delivered');
      assert.equal(await suite.store.outbox.retry('msg_missing', NOW + 100_000), 'absent');
      const [again] = await suite.store.outbox.claimDue(NOW + 100_000, LEASE, 10);
      assert.deepEqual([again?.id, again?.state], ['msg_1', 'pending']);
      // Being sent this moment: a retry must not free it for a second worker (two sends at once).
      assert.equal(await suite.store.outbox.retry('msg_1', NOW + 100_001), 'sending');
      assert.equal((await suite.store.outbox.get('msg_1'))?.lease_until, NOW + 100_000 + LEASE, 'the lease is left alone');
      assert.deepEqual(await suite.store.outbox.claimDue(NOW + 100_001, LEASE, 10).then((rows) => rows.map((r) => r.id)), [], 'so no worker claims it again');
      // Given up on again; the studio fixed its relay and sends every dead row again.
      await suite.store.outbox.failed('msg_1', 'the receiver answered 503', null);
      assert.equal(await suite.store.outbox.retryDead(NOW + 200_000), 1);
      assert.deepEqual([(await suite.store.outbox.get('msg_1'))?.state, (await suite.store.outbox.get('msg_1'))?.next_attempt_at], ['pending', NOW + 200_000]);
      assert.equal(await suite.store.outbox.retryDead(NOW + 200_000), 0);
      const [third] = await suite.store.outbox.claimDue(NOW + 200_000, LEASE, 10);
      assert.equal(third?.id, 'msg_1');
    });

    it('lists newest first by state and resource, and deletes a resource\'s rows', async () => {
      await suite.store.outbox.enqueue([item('msg_other', { resource: 'inq_b', created_at: NOW + 5 })]);
      assert.deepEqual((await suite.store.outbox.list({ limit: 10 })).map((r) => r.id), ['msg_later', 'msg_other', 'msg_2', 'msg_1']);
      assert.deepEqual((await suite.store.outbox.list({ limit: 10, state: 'delivered' })).map((r) => r.id), ['msg_2']);
      assert.deepEqual((await suite.store.outbox.list({ limit: 10, resource: 'inq_b' })).map((r) => r.id), ['msg_other']);
      assert.deepEqual((await suite.store.outbox.list({ limit: 2, after: { createdAt: NOW + 5, id: 'msg_other' } })).map((r) => r.id), ['msg_2', 'msg_1'], 'a page starts after the last row of the one before');
      assert.deepEqual((await suite.store.outbox.list({ limit: 2, after: { createdAt: NOW + 5, id: 'msg_p' } })).map((r) => r.id), ['msg_other', 'msg_2'], 'a tie on created_at goes by id');
      assert.equal(await suite.store.outbox.deleteForResource('inq_a'), 3);
      assert.deepEqual((await suite.store.outbox.list({ limit: 10 })).map((r) => r.id), ['msg_other']);
    });

    it('prunes delivered and dead rows last tried before a time, never pending ones', async () => {
      await suite.store.outbox.enqueue([item('msg_old_done', { resource: 'inq_p', created_at: NOW - 10 }), item('msg_old_dead', { resource: 'inq_p', created_at: NOW - 10 }), item('msg_old_pending', { resource: 'inq_p', created_at: NOW - 10 })]);
      const claimed = await suite.store.outbox.claimDue(NOW + 200_000, LEASE, 10);
      assert.ok(claimed.some((r) => r.id === 'msg_old_done'));
      await suite.store.outbox.delivered('msg_old_done', NOW + 200_000);
      await suite.store.outbox.failed('msg_old_dead', 'gone', null);
      await suite.store.outbox.failed('msg_old_pending', 'later', NOW + 900_000);
      for (const r of claimed.filter((r) => !r.id.startsWith('msg_old'))) await suite.store.outbox.failed(r.id, 'later', NOW + 900_000);
      assert.equal(await suite.store.outbox.prune(NOW + 200_000), 0, 'not before the cut-off');
      assert.equal(await suite.store.outbox.prune(NOW + 200_001), 2);
      assert.deepEqual((await suite.store.outbox.list({ limit: 10, resource: 'inq_p' })).map((r) => r.id), ['msg_old_pending']);
      await suite.store.outbox.deleteForResource('inq_p');
    });

    it('enqueues in the caller\'s transaction: a rolled-back event leaves no row', async () => {
      await assert.rejects(
        suite.store.transaction(async (tx) => {
          await tx.outbox.enqueue([item('msg_rolled_back', { resource: 'inq_z' })]);
          throw new Error('the inquiry failed');
        }),
        /the inquiry failed/,
      );
      assert.equal(await suite.store.outbox.get('msg_rolled_back'), undefined);
    });

    it('counts the notifications not getting through: still failing, and given up on since a time, with the newest error', async () => {
      const at = NOW + 9_000_000;
      const before = await suite.store.outbox.trouble(at);
      await suite.store.outbox.enqueue([item('msg_t_fail', { resource: 'inq_t', created_at: at }), item('msg_t_ok', { resource: 'inq_t', created_at: at })]);
      await suite.store.outbox.claimDue(at, LEASE, 50);
      await suite.store.outbox.delivered('msg_t_ok', at + 1);
      await suite.store.outbox.failed('msg_t_fail', 'connect ECONNREFUSED 127.0.0.1:25', at + 60_000);
      await suite.store.outbox.enqueue([item('msg_t_dead', { resource: 'inq_t', created_at: at + 10 })]);
      await suite.store.outbox.claimDue(at + 10, LEASE, 50);
      await suite.store.outbox.failed('msg_t_dead', '550 mailbox unavailable', null);
      assert.deepEqual(await suite.store.outbox.trouble(at), { undelivered: before.undelivered + 2, lastError: '550 mailbox unavailable' });
      assert.equal((await suite.store.outbox.trouble(at + 11)).undelivered, before.undelivered + 1, 'a row given up on before the time asked about no longer counts');
      await suite.store.outbox.retry('msg_t_dead', at + 20);
      await suite.store.outbox.deleteForResource('inq_t');
      assert.equal((await suite.store.outbox.trouble(at)).undelivered, before.undelivered);
    });

    it('a live worker renews its lease; a row claimed again since is not renewed by the old holder', async () => {
      const at = NOW + 6_000_000;
      await suite.store.outbox.enqueue([item('msg_renew', { resource: 'inq_r', created_at: at })]);
      const [held] = await suite.store.outbox.claimDue(at, LEASE, 10).then((rows) => rows.filter((r) => r.resource === 'inq_r'));
      assert.equal(held?.id, 'msg_renew');
      assert.equal(await suite.store.outbox.renewLeases(['msg_renew', 'msg_missing'], at + LEASE, at + 2 * LEASE), 1);
      assert.deepEqual(await suite.store.outbox.claimDue(at + LEASE, LEASE, 10).then((rows) => rows.filter((r) => r.resource === 'inq_r')), [], 'the renewed lease keeps others off');
      assert.equal(await suite.store.outbox.renewLeases(['msg_renew'], at + LEASE, at + 3 * LEASE), 0, 'not with a lease the row no longer has');
      const [taken] = await suite.store.outbox.claimDue(at + 2 * LEASE, LEASE, 10).then((rows) => rows.filter((r) => r.resource === 'inq_r'));
      assert.equal(taken?.attempts, 2, 'claimable once the renewed lease ends');
      await suite.store.outbox.delivered('msg_renew', at + 2 * LEASE);
      assert.equal(await suite.store.outbox.renewLeases(['msg_renew'], at + 3 * LEASE, at + 4 * LEASE), 0, 'a delivered row has no lease');
      await suite.store.outbox.deleteForResource('inq_r');
    });
  });

  if (suite.dialect === 'postgres') {
    it('workers on separate connections claim disjoint rows (SKIP LOCKED)', async () => {
      const items = Array.from({ length: 200 }, (_, i) => item(`msg_c${String(i).padStart(3, '0')}`, { resource: 'inq_c', created_at: NOW }));
      await suite.store.outbox.enqueue(items);
      const others = [1, 2, 3].map(() => createStore(suite.opened.config));
      try {
        const claimed: string[] = [];
        await Promise.all(
          [suite.store, ...others].map(async (worker) => {
            for (;;) {
              const batch = await worker.outbox.claimDue(NOW + 1, 60_000, 7);
              if (batch.length === 0) return;
              claimed.push(...batch.map((r) => r.id));
            }
          }),
        );
        assert.equal(claimed.length, 200, 'every row claimed, none twice');
        assert.equal(new Set(claimed).size, 200);
      } finally {
        await Promise.all(others.map((s) => s.close()));
      }
    });
  }
});
