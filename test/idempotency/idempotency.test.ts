import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pino from 'pino';
import { IdempotencyInFlightError, IdempotencyKeyReusedError } from '../../src/idempotency/errors.js';
import { Idempotency, type Commit, type IdempotentCall } from '../../src/idempotency/idempotency.js';
import { fingerprint, idempotencyScopeKey } from '../../src/idempotency/key.js';
import { openResult, sealResult } from '../../src/idempotency/result-cipher.js';
import { cryptoRandom, ManualClock } from '../../src/lib/clock.js';
import { ValidationError } from '../../src/lib/errors.js';
import { createSqliteStore } from '../../src/store/sqlite/store.js';
import type { IdempotencyRecord, Store } from '../../src/store/ports/index.js';

const call = (key: string | undefined, request: unknown = { n: 1 }): IdempotentCall => ({ principal: 'client-a', method: 'POST', path: '/things', key, request });

describe('Idempotency: the generic layer over a real SQLite store', () => {
  let dir: string;
  let store: Store;
  let clock: ManualClock;
  let idempotency: Idempotency;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-idem-'));
    store = createSqliteStore(join(dir, 'idem.db'));
    await store.migrate();
    clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
    idempotency = new Idempotency({ store, clock, random: cryptoRandom, ttlSeconds: 3600, logger: pino({ level: 'silent' }) });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An operation that stores an inquiry-shaped row and returns a typed result. */
  const operation = (id: string, calls: { n: number }) => async (commit: Commit<{ id: string; n: number }>) => {
    calls.n += 1;
    return commit(async (tx) => {
      await tx.inquiries.insert({ id, name: 'Ada', email: 'ada@example.com', company: null, message: 'A message long enough.', project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: '2026-06-01T12:00:00Z', credential: null, identity_type: null, subject: null });
      return { id, n: calls.n };
    });
  };

  it('without a key, runs the work in a transaction every time', async () => {
    const calls = { n: 0 };
    const first = await idempotency.run(call(undefined), operation('inq_nokey_1', calls));
    const second = await idempotency.run(call(undefined), operation('inq_nokey_2', calls));
    assert.deepEqual([first.replayed, second.replayed], [false, false]);
    assert.equal(calls.n, 2);
  });

  it('replays the typed result of the first call for the same key and request, without running the work again', async () => {
    const calls = { n: 0 };
    const first = await idempotency.run(call('key-1'), operation('inq_k1', calls));
    const again = await idempotency.run(call('key-1'), operation('inq_never', calls));
    assert.deepEqual(first, { value: { id: 'inq_k1', n: 1 }, replayed: false });
    assert.deepEqual(again, { value: { id: 'inq_k1', n: 1 }, replayed: true });
    assert.equal(calls.n, 1);
    assert.equal(await store.inquiries.get('inq_never'), undefined);
  });

  it('refuses the same key with another request (422) and keys stay per principal', async () => {
    await assert.rejects(idempotency.run(call('key-1', { n: 2 }), operation('inq_other', { n: 0 })), IdempotencyKeyReusedError);
    const otherClient = await idempotency.run({ ...call('key-1'), principal: 'client-b' }, operation('inq_client_b', { n: 0 }));
    assert.equal(otherClient.replayed, false);
  });

  it('keeps the result sealed at rest: no plaintext, and only the raw key opens it', async () => {
    const scopeKey = idempotencyScopeKey('client-a', 'POST', '/things', 'key-1');
    const claim = await store.idempotency.claim(scopeKey, 'any', clock.now(), 30_000, 3_600_000);
    assert.equal(claim.state, 'mismatch', 'the record is there (and another fingerprint is refused)');
    const sealed = sealResult('["a","POST","/x","k"]', '{"secret":"vt_key_abc"}', cryptoRandom);
    assert.match(sealed, /^v1\.[\w-]+\.[\w-]+$/);
    assert.equal(sealed.includes('vt_key_abc'), false);
    assert.equal(openResult('["a","POST","/x","k"]', sealed), '{"secret":"vt_key_abc"}');
    assert.throws(() => openResult('["a","POST","/x","other"]', sealed), 'another key cannot open it');
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    assert.throws(() => openResult('["a","POST","/x","k"]', tampered), 'GCM refuses a tampered result');
  });

  it('stores nothing when the work fails, so a corrected retry under the same key runs', async () => {
    await assert.rejects(
      idempotency.run(call('key-fail'), async () => {
        throw new ValidationError('bad input', [{ path: 'x', message: 'bad' }]);
      }),
      ValidationError,
    );
    const retry = await idempotency.run(call('key-fail'), operation('inq_retry', { n: 0 }));
    assert.equal(retry.replayed, false);
    assert.ok(await store.inquiries.get('inq_retry'));
  });

  it('rolls back the writes when the work throws inside its commit', async () => {
    await assert.rejects(
      idempotency.run(call('key-rollback'), (commit) =>
        commit(async (tx) => {
          await tx.inquiries.insert({ id: 'inq_rolled_back', name: 'Ada', email: 'ada@example.com', company: null, message: 'A message long enough.', project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: '2026-06-01T12:00:00Z', credential: null, identity_type: null, subject: null });
          throw new Error('disk full');
        }),
      ),
      /disk full/,
    );
    assert.equal(await store.inquiries.get('inq_rolled_back'), undefined);
    assert.equal((await idempotency.run(call('key-rollback'), operation('inq_after_rollback', { n: 0 }))).replayed, false);
  });

  it('treats work that never commits as a bug and frees the key', async () => {
    await assert.rejects(idempotency.run(call('key-no-commit'), async () => ({ id: 'x', n: 0 })), /without committing/);
    assert.equal((await idempotency.run(call('key-no-commit'), operation('inq_committed', { n: 0 }))).replayed, false);
  });

  /** A call of run() holding its claim on `key` until released; resolves with its result. */
  const heldClaim = async (key: string, id: string) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const done = idempotency.run(call(key), async (commit) => {
      await gate;
      return commit(async () => ({ id, n: 1 }));
    });
    await new Promise((r) => setImmediate(r));
    return { done, release };
  };

  it('answers 409 while the first call is in flight', async () => {
    const { done: slow, release } = await heldClaim('key-slow', 'inq_slow');
    await assert.rejects(idempotency.run(call('key-slow'), operation('inq_dup', { n: 0 })), IdempotencyInFlightError);
    release();
    assert.deepEqual(await slow, { value: { id: 'inq_slow', n: 1 }, replayed: false });
    assert.deepEqual(await idempotency.run(call('key-slow'), operation('inq_dup', { n: 0 })), { value: { id: 'inq_slow', n: 1 }, replayed: true });
  });

  describe('runInOneWrite: the effects and the completed record in one store write, no claim first', () => {
    const record = { name: 'Ada', email: 'ada@example.com', company: null, message: 'A message long enough.', project_slugs: [], budget: null, timeline: null, source: 'api' as const, client_id: null, created_at: '2026-06-01T12:00:00Z', credential: null, identity_type: null, subject: null };
    const prepare = (id: string) => async () => ({ id, n: 1 });
    const accept = async (value: { id: string }, key: IdempotencyRecord | null) => store.acceptInquiry({ ...record, id: value.id }, [], key);
    const inOneWrite = (key: string | undefined, id: string, request: unknown = { n: 1 }) => idempotency.runInOneWrite(call(key, request), prepare(id), accept, { resourceOf: (v) => v.id });

    it('writes once and replays the first result for the same key and request, writing nothing more', async () => {
      assert.deepEqual(await inOneWrite('key-one', 'inq_one'), { value: { id: 'inq_one', n: 1 }, replayed: false });
      assert.deepEqual(await inOneWrite('key-one', 'inq_one_again'), { value: { id: 'inq_one', n: 1 }, replayed: true });
      assert.equal(await store.inquiries.get('inq_one_again'), undefined);
      const scopeKey = idempotencyScopeKey('client-a', 'POST', '/things', 'key-one');
      assert.equal((await store.idempotency.look(scopeKey, fingerprint({ n: 1 }), clock.now())).state, 'replay', 'one completed record, no claim left behind');
      assert.equal(await store.idempotency.deleteForResource('inq_one'), 1, 'the record names what it created');
      assert.equal((await inOneWrite(undefined, 'inq_one_keyless')).replayed, false);
      assert.equal((await inOneWrite(undefined, 'inq_one_keyless_2')).replayed, false, 'without a key, every call writes');
    });

    it('refuses the same key with another request (422), even when that request is invalid', async () => {
      await inOneWrite('key-two', 'inq_two');
      await assert.rejects(inOneWrite('key-two', 'inq_two_other', { n: 2 }), IdempotencyKeyReusedError);
      const invalid = idempotency.runInOneWrite(call('key-two', { n: 3 }), async () => {
        throw new ValidationError('bad input', [{ path: 'x', message: 'bad' }]);
      }, accept);
      await assert.rejects(invalid, IdempotencyKeyReusedError);
      assert.equal(await store.inquiries.get('inq_two_other'), undefined);
    });

    it('replays a completed request whose preparation now fails (a project since unpublished), and lets the error through for a new key', async () => {
      await inOneWrite('key-three', 'inq_three');
      const failing = () => Promise.reject(new ValidationError('unknown project', [{ path: 'project_slugs[0]', message: 'gone' }]));
      assert.deepEqual(await idempotency.runInOneWrite(call('key-three'), failing, accept), { value: { id: 'inq_three', n: 1 }, replayed: true });
      await assert.rejects(idempotency.runInOneWrite(call('key-three-new'), failing, accept), ValidationError);
      assert.equal((await inOneWrite('key-three-new', 'inq_three_new')).replayed, false, 'a failed request stored nothing under its key');
    });

    it("answers 409 while run()'s claim on the key holds, and writes nothing", async () => {
      const { done: claimed, release } = await heldClaim('key-four', 'inq_four_claimed');
      await assert.rejects(inOneWrite('key-four', 'inq_four'), IdempotencyInFlightError);
      assert.equal(await store.inquiries.get('inq_four'), undefined);
      release();
      await claimed;
    });

    it('of two calls with one key at once, one writes and the other replays its result', async () => {
      const [a, b] = await Promise.all([inOneWrite('key-five', 'inq_five_a'), inOneWrite('key-five', 'inq_five_b')]);
      assert.deepEqual([a.replayed, b.replayed].sort(), [false, true]);
      assert.deepEqual(a.value, b.value);
      const loser = a.replayed ? 'inq_five_a' : 'inq_five_b';
      assert.equal(await store.inquiries.get(loser), undefined);
    });

    it('writes anew once the first record has expired', async () => {
      await inOneWrite('key-six', 'inq_six');
      clock.advance(3_600_000);
      assert.deepEqual(await inOneWrite('key-six', 'inq_six_later'), { value: { id: 'inq_six_later', n: 1 }, replayed: false });
    });
  });

  it('refuses keys shorter than an operation requires, naming the header', async () => {
    await assert.rejects(idempotency.run(call('short'), operation('inq_short', { n: 0 }), { minKeyLength: 16 }), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.equal(error.errors?.[0]?.path, 'header.Idempotency-Key');
      return true;
    });
  });

  it('replays a record completed before results were sealed (plaintext JSON in the old body column)', async () => {
    const request = { n: 1 };
    const scopeKey = idempotencyScopeKey('client-a', 'POST', '/things', 'key-legacy');
    await store.idempotency.claim(scopeKey, fingerprint(request), clock.now(), 30_000, 3_600_000);
    // What migration 005 found in a completed row: the HTTP body, no result.
    const db = new Database(join(dir, 'idem.db'));
    db.prepare("UPDATE idempotency_keys SET state = 'complete', body = ?, result = NULL WHERE scope_key = ?").run('{"id":"inq_legacy","n":7}', scopeKey);
    db.close();
    const replay = await idempotency.run({ ...call('key-legacy'), request }, operation('inq_never_legacy', { n: 0 }));
    assert.deepEqual(replay, { value: { id: 'inq_legacy', n: 7 }, replayed: true });
  });
});
