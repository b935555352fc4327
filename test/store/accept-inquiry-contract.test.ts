import assert from 'node:assert/strict';
import { it } from 'node:test';
import { IdempotencyClaimLostError, type IdempotencyCompletion, type InquiryRecord, type NewOutboxItem, type Provenance, type Store } from '../../src/store/ports/index.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

/**
 * Store.acceptInquiry on both adapters (PostgreSQL: one statement; SQLite: one transaction): the
 * inquiry, its notifications and the key's completion are written together or not at all.
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

const completion = (scopeKey: string, claimedAtMs: number, resource: string): IdempotencyCompletion => ({ scopeKey, claimedAtMs, result: 'v1.sealed', resource, expiresAtMs: NOW + TTL });

await describeEachDialect('Store.acceptInquiry', (suite) => {
  const outboxOf = async (resource: string) => (await suite.store.outbox.list({ resource, limit: 10 })).sort((a, b) => a.id.localeCompare(b.id));

  it('stores the inquiry, its notifications and the completion of the claim together', async () => {
    assert.equal((await suite.store.idempotency.claim('k-accept', 'fp', NOW, LOCK, TTL)).state, 'acquired');
    const items = [notification('msg_a', 'inq_a', 'email', 'owner@studio.example'), notification('msg_b', 'inq_a', 'webhook', 'https://hooks.example/x')];
    await suite.store.acceptInquiry(inquiry('inq_a'), items, completion('k-accept', NOW, 'inq_a'));

    assert.deepEqual(await suite.store.inquiries.get('inq_a'), { ...inquiry('inq_a'), status: 'new', status_changed_at: null });
    const outbox = await outboxOf('inq_a');
    assert.deepEqual(
      outbox.map(({ state, attempts, next_attempt_at, lease_until, last_error, last_attempt_at, delivered_at, ...item }) => ({ item, state, attempts, next_attempt_at, lease_until, last_error, last_attempt_at, delivered_at })),
      items.map((item) => ({ item, state: 'pending', attempts: 0, next_attempt_at: NOW, lease_until: null, last_error: null, last_attempt_at: null, delivered_at: null })),
    );
    assert.deepEqual(await suite.store.idempotency.claim('k-accept', 'fp', NOW + 1, LOCK, TTL), { state: 'replay', result: 'v1.sealed' });
    assert.equal(await suite.store.idempotency.deleteForResource('inq_a'), 1, 'the record names the inquiry it created');
  });

  it('writes nothing when the claim was taken over, and says so', async () => {
    await suite.store.idempotency.claim('k-lost', 'fp', NOW, LOCK, TTL);
    assert.equal((await suite.store.idempotency.claim('k-lost', 'fp', NOW + LOCK, LOCK, TTL)).state, 'acquired', 'a retry took the expired lock over');
    await assert.rejects(suite.store.acceptInquiry(inquiry('inq_lost'), [notification('msg_lost', 'inq_lost', 'email', 'owner@studio.example')], completion('k-lost', NOW, 'inq_lost')), IdempotencyClaimLostError);
    assert.equal(await suite.store.inquiries.get('inq_lost'), undefined);
    assert.deepEqual(await outboxOf('inq_lost'), []);
    assert.equal((await suite.store.idempotency.claim('k-lost', 'fp', NOW + LOCK + 1, LOCK, TTL)).state, 'in_flight', 'the new holder keeps its claim');
  });

  it('writes nothing, the completion included, when one of the rows cannot be stored', async () => {
    await suite.store.idempotency.claim('k-dup', 'fp', NOW, LOCK, TTL);
    // inq_a exists: the inquiry's primary key refuses the row.
    await assert.rejects(suite.store.acceptInquiry(inquiry('inq_a'), [notification('msg_dup', 'inq_a', 'email', 'owner@studio.example')], completion('k-dup', NOW, 'inq_a')));
    assert.equal((await suite.store.outbox.get('msg_dup')), undefined);
    assert.equal((await suite.store.idempotency.claim('k-dup', 'fp', NOW + 1, LOCK, TTL)).state, 'in_flight', 'the claim was not completed');
  });

  it('stores an inquiry sent without a key, with or without notifications', async () => {
    await suite.store.acceptInquiry(inquiry('inq_keyless'), [notification('msg_keyless', 'inq_keyless', 'webhook', 'https://hooks.example/y')], null);
    await suite.store.acceptInquiry({ ...inquiry('inq_quiet'), company: null, budget: null, project_slugs: [], client_id: null, credential: null, identity_type: null, subject: null, source: 'web' }, [], null);
    assert.equal((await suite.store.inquiries.get('inq_keyless'))?.name, 'Ada Lovelace');
    assert.deepEqual((await outboxOf('inq_keyless')).map((o) => o.id), ['msg_keyless']);
    assert.deepEqual(await suite.store.inquiries.get('inq_quiet'), { ...inquiry('inq_quiet'), company: null, budget: null, project_slugs: [], client_id: null, credential: null, identity_type: null, subject: null, source: 'web', status: 'new', status_changed_at: null });
    assert.deepEqual(await outboxOf('inq_quiet'), []);
  });
});
