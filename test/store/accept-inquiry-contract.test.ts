import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import type { IdempotencyRecord, InquiryRecord, NewOutboxItem, Provenance } from '../../src/store/ports/index.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

/**
 * Store.acceptInquiry on both adapters (PostgreSQL: one statement; SQLite: one transaction): the
 * inquiry, its notifications and the key's completed record are written together or not at all,
 * and not at all while the key holds a live record.
 */

const NOW = Date.parse('2026-06-01T12:00:00Z');
const LOCK = 30_000;
const TTL = 86_400_000;

function inquiry(id: string): InquiryRecord & Provenance {
  return {
    id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines Ltd',
    message: 'We would like a booking system like yours — with "quotes", \\ and ünïcode.',
    project_slugs: ['harbor-family-clinics-booking', 'kestrel-maps'],
    budget: '10k-25k',
    timeline: null,
    source: 'mcp',
    client_id: 'cl_agent',
    created_at: '2026-06-01T12:00:00Z',
    credential: 'access_token',
    identity_type: 'identity_assertion',
    subject: 'ada@example.com',
  };
}

function notification(id: string, resource: string, channel: NewOutboxItem['channel'], target: string): NewOutboxItem {
  return { id, event: 'inquiry.created', resource, channel, target, payload: JSON.stringify({ id, data: { note: 'a "quoted" payload' } }), created_at: NOW };
}

const keyRecord = (scopeKey: string, resource: string, nowMs = NOW, result = 'v1.sealed'): IdempotencyRecord => ({ scopeKey, fingerprint: 'fp', result, resource, createdAtMs: nowMs, expiresAtMs: nowMs + TTL });

await describeEachDialect('Store.acceptInquiry', (suite) => {
  const outboxOf = async (resource: string) => (await suite.store.outbox.list({ resource, limit: 10 })).sort((a, b) => a.id.localeCompare(b.id));

  it('stores the inquiry, its notifications and the completed key record together', async () => {
    const items = [notification('msg_a', 'inq_a', 'email', 'owner@studio.example'), notification('msg_b', 'inq_a', 'webhook', 'https://hooks.example/x')];
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_a'), items, keyRecord('k-accept', 'inq_a')), true);

    assert.deepEqual(await suite.store.inquiries.get('inq_a'), { ...inquiry('inq_a'), status: 'new', status_changed_at: null });
    const outbox = await outboxOf('inq_a');
    assert.deepEqual(
      outbox.map(({ state, attempts, next_attempt_at, lease_until, last_error, last_attempt_at, delivered_at, ...item }) => ({ item, state, attempts, next_attempt_at, lease_until, last_error, last_attempt_at, delivered_at })),
      items.map((item) => ({ item, state: 'pending', attempts: 0, next_attempt_at: NOW, lease_until: null, last_error: null, last_attempt_at: null, delivered_at: null })),
    );
    assert.deepEqual(await suite.store.idempotency.look('k-accept', 'fp', NOW + 1), { state: 'replay', result: 'v1.sealed' });
    assert.deepEqual(await suite.store.idempotency.look('k-accept', 'other', NOW + 1), { state: 'mismatch' });
    assert.deepEqual(await suite.store.idempotency.claim('k-accept', 'fp', NOW + 1, LOCK, TTL), { state: 'replay', result: 'v1.sealed' }, "run()'s claim sees it as completed");
    assert.equal(await suite.store.idempotency.deleteForResource('inq_a'), 1, 'the record names the inquiry it created');
  });

  it('writes nothing, and says so, while the key holds a completed record or a live claim', async () => {
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_first'), [], keyRecord('k-taken', 'inq_first')), true);
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_second'), [notification('msg_second', 'inq_second', 'email', 'owner@studio.example')], keyRecord('k-taken', 'inq_second', NOW + 1, 'v1.other')), false);
    assert.equal(await suite.store.inquiries.get('inq_second'), undefined);
    assert.deepEqual(await outboxOf('inq_second'), []);
    assert.deepEqual(await suite.store.idempotency.look('k-taken', 'fp', NOW + 2), { state: 'replay', result: 'v1.sealed' }, 'the first record is untouched');

    assert.equal((await suite.store.idempotency.claim('k-claimed', 'fp', NOW, LOCK, TTL)).state, 'acquired');
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_claimed'), [], keyRecord('k-claimed', 'inq_claimed', NOW + LOCK - 1)), false, 'a claim whose lock holds');
    assert.equal(await suite.store.inquiries.get('inq_claimed'), undefined);
    assert.deepEqual(await suite.store.idempotency.look('k-claimed', 'fp', NOW + LOCK - 1), { state: 'in_flight' });
  });

  it('takes a stale record over: an expired completion, or a claim whose holder died', async () => {
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_old'), [], keyRecord('k-stale', 'inq_old')), true);
    assert.deepEqual(await suite.store.idempotency.look('k-stale', 'fp', NOW + TTL), { state: 'absent' }, 'expired at its expires_at');
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_new'), [], keyRecord('k-stale', 'inq_new', NOW + TTL, 'v1.new')), true);
    assert.deepEqual(await suite.store.idempotency.look('k-stale', 'fp', NOW + TTL + 1), { state: 'replay', result: 'v1.new' });

    await suite.store.idempotency.claim('k-dead', 'fp', NOW, LOCK, TTL);
    assert.deepEqual(await suite.store.idempotency.look('k-dead', 'fp', NOW + LOCK), { state: 'absent' }, 'a claim past its lock');
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_after_dead'), [], keyRecord('k-dead', 'inq_after_dead', NOW + LOCK)), true);
    assert.equal(await suite.store.idempotency.deleteForResource('inq_after_dead'), 1);
  });

  it('of two writes with one key at once, exactly one stores its inquiry', async () => {
    const results = await Promise.all(['inq_race_a', 'inq_race_b'].map((id) => suite.store.acceptInquiry(inquiry(id), [notification(`msg_${id}`, id, 'email', 'owner@studio.example')], keyRecord('k-race', id, NOW, `v1.${id}`))));
    assert.deepEqual([...results].sort(), [false, true]);
    const winner = results[0] ? 'inq_race_a' : 'inq_race_b';
    const loser = results[0] ? 'inq_race_b' : 'inq_race_a';
    assert.ok(await suite.store.inquiries.get(winner));
    assert.equal(await suite.store.inquiries.get(loser), undefined);
    assert.deepEqual(await outboxOf(loser), []);
    assert.deepEqual(await suite.store.idempotency.look('k-race', 'fp', NOW + 1), { state: 'replay', result: `v1.${winner}` });
  });

  it('a burst answers each inquiry on its own: one write per key, a refused row failing only its inquiry', async () => {
    // 40 keyed, 5 repeating one of those keys, 4 without a key, and one whose id is taken (inq_a).
    const calls = [
      ...Array.from({ length: 40 }, (_, i) => ({ id: `inq_burst_${i}`, key: `k-burst-${i}` })),
      ...Array.from({ length: 5 }, (_, i) => ({ id: `inq_burst_again_${i}`, key: `k-burst-${i * 7}` })),
      ...Array.from({ length: 4 }, (_, i) => ({ id: `inq_burst_keyless_${i}`, key: null })),
      { id: 'inq_a', key: 'k-burst-taken-id' },
    ];
    const outcomes = await Promise.allSettled(calls.map(({ id, key }) => suite.store.acceptInquiry(inquiry(id), [notification(`msg_${id}`, id, 'email', 'owner@studio.example')], key ? keyRecord(key, id, NOW, `v1.${id}`) : null)));
    const refused = outcomes.findIndex((o) => o.status === 'rejected');
    assert.equal(calls[refused]?.id, 'inq_a', 'only the inquiry whose row was refused fails');
    assert.equal(outcomes.filter((o) => o.status === 'rejected').length, 1);
    for (const [i, { id }] of calls.entries()) {
      if (i === refused) continue;
      const stored = (outcomes[i] as PromiseFulfilledResult<boolean>).value;
      assert.equal(stored, (await suite.store.inquiries.get(id)) !== undefined, `${id}: the answer says what was stored`);
      assert.equal((await outboxOf(id)).length, stored ? 1 : 0, `${id}: its notification only with it`);
    }
    for (let k = 0; k < 40; k++) {
      const ids = calls.filter((c) => c.key === `k-burst-${k}`).map((c) => c.id);
      const written = ids.filter((id) => (outcomes[calls.findIndex((c) => c.id === id)] as PromiseFulfilledResult<boolean>).value);
      assert.equal(written.length, 1, `key ${k}: exactly one of ${ids.join(', ')} written`);
      assert.deepEqual(await suite.store.idempotency.look(`k-burst-${k}`, 'fp', NOW + 1), { state: 'replay', result: `v1.${written[0]}` });
    }
    assert.equal((await suite.store.idempotency.look('k-burst-taken-id', 'fp', NOW + 1)).state, 'absent', "the refused inquiry's key record was not kept");
  });

  // PostgreSQL's batches (postgres/accept-inquiry.ts); SQLite's commit groups are store/durability.test.ts's.
  if (suite.dialect === 'postgres') it('a burst of inquiries shares a few commits, not one each', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `inq_shared_${i}`);
    const stored = await Promise.all(ids.map((id) => suite.store.acceptInquiry(inquiry(id), [], keyRecord(`k-shared-${id}`, id))));
    assert.ok(stored.every(Boolean));
    // Rows one transaction inserted share its xmin.
    const client = new pg.Client({ connectionString: (suite.opened.config as { url: string }).url });
    await client.connect();
    const { rows } = await client.query<{ commits: number }>("SELECT count(DISTINCT xmin::text)::int AS commits FROM inquiries WHERE id LIKE 'inq_shared_%'");
    await client.end();
    assert.ok(rows[0]!.commits <= 10, `${rows[0]!.commits} commits for a burst of 50`);
  });

  it('writes nothing, the key record included, when one of the rows cannot be stored', async () => {
    // inq_a exists: the inquiry's primary key refuses the row.
    await assert.rejects(suite.store.acceptInquiry(inquiry('inq_a'), [notification('msg_dup', 'inq_a', 'email', 'owner@studio.example')], keyRecord('k-dup', 'inq_a')));
    assert.equal(await suite.store.outbox.get('msg_dup'), undefined);
    assert.deepEqual(await suite.store.idempotency.look('k-dup', 'fp', NOW + 1), { state: 'absent' }, 'the record was not written');
  });

  it('stores an inquiry sent without a key, with or without notifications', async () => {
    assert.equal(await suite.store.acceptInquiry(inquiry('inq_keyless'), [notification('msg_keyless', 'inq_keyless', 'webhook', 'https://hooks.example/y')], null), true);
    await suite.store.acceptInquiry({ ...inquiry('inq_quiet'), company: null, budget: null, project_slugs: [], client_id: null, credential: null, identity_type: null, subject: null, source: 'web' }, [], null);
    assert.equal((await suite.store.inquiries.get('inq_keyless'))?.name, 'Ada Lovelace');
    assert.deepEqual((await outboxOf('inq_keyless')).map((o) => o.id), ['msg_keyless']);
    assert.deepEqual(await suite.store.inquiries.get('inq_quiet'), { ...inquiry('inq_quiet'), company: null, budget: null, project_slugs: [], client_id: null, credential: null, identity_type: null, subject: null, source: 'web', status: 'new', status_changed_at: null });
    assert.deepEqual(await outboxOf('inq_quiet'), []);
  });
});
