import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { NoAnswerError } from '../../src/lib/bounded-check.js';
import { StoreUnavailableError } from '../../src/lib/errors.js';
import { DatabaseRateLimitStore } from '../../src/ratelimit/database-store.js';
import { createStore } from '../../src/store/create-store.js';
import type { CounterStore, Store } from '../../src/store/ports/index.js';
import { manualTimer, stateOf } from '../helpers/manual-timer.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';

const t0 = Date.parse('2026-06-01T12:00:00Z');

for (const dialect of ['postgres', 'sqlite'] as const) {
  const skip = dialect === 'postgres' ? await skipWithoutPostgres() : false;
  describe(`database rate-limit store over ${dialect} (store.counters)`, { skip }, () => {
    let store: Store;
    let second: Store | undefined;
    let cleanup: () => Promise<void>;
    before(async () => {
      if (dialect === 'postgres') {
        const db = await createTestDatabase();
        store = createStore({ kind: 'postgres', url: db.url });
        second = createStore({ kind: 'postgres', url: db.url });
        cleanup = db.drop;
      } else {
        const dir = mkdtempSync(join(tmpdir(), 'vitrine-rl-'));
        store = createStore({ kind: 'sqlite', path: join(dir, 'db.sqlite') });
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
      }
      await store.migrate();
    });
    after(async () => {
      await second?.close();
      await store.close();
      await cleanup();
    });

    it('counts hits per key and restarts at 1 when the window moves on', async () => {
      const limits = new DatabaseRateLimitStore(store.counters);
      assert.deepEqual([await limits.hit('a', t0, 60_000), await limits.hit('a', t0, 60_000), await limits.hit('b', t0, 60_000)], [1, 2, 1]);
      assert.equal(await limits.hit('a', t0 + 60_000, 60_000), 1);
      assert.equal(await limits.hit('a', t0 + 60_000, 60_000), 2);
    });

    it('is exact under concurrency: 30 parallel hits see 1…30 once each', async () => {
      const limits = new DatabaseRateLimitStore(store.counters);
      const counts = await Promise.all(Array.from({ length: 30 }, () => limits.hit('burst', t0, 60_000)));
      assert.deepEqual([...counts].sort((x, y) => x - y), Array.from({ length: 30 }, (_, i) => i + 1));
    });

    it('prunes counters whose window ended long ago, so one row per caller does not stay forever', async () => {
      const limits = new DatabaseRateLimitStore(store.counters);
      await limits.hit('old-caller', t0, 60_000);
      // Ten minutes later another caller's hit triggers the sweep; the old caller's row is gone,
      // so its next hit starts a fresh count (and the table does not grow with every IP seen).
      await limits.hit('new-caller', t0 + 600_000, 60_000);
      assert.equal(await store.counters.prune(t0 + 1), 0, 'the stale row was already pruned');
      assert.equal(await limits.hit('new-caller', t0 + 600_000, 60_000), 2, 'current windows are kept');
    });

    it('keeps a longer policy\'s current window when a shorter policy\'s hit sweeps (found by the instance-loss fault test)', async () => {
      // As a fresh instance would: told of the 600 s policy, but its first hit is a 60 s one.
      const other = new DatabaseRateLimitStore(store.counters);
      await other.hit('register:ip', t0, 600_000);
      await other.hit('register:ip', t0, 600_000);
      const fresh = new DatabaseRateLimitStore(store.counters, { longestWindowMs: 600_000 });
      await fresh.hit('reads:ip', t0 + 300_000, 60_000);
      assert.equal(await fresh.hit('register:ip', t0, 600_000), 3, 'the register count survived the sweep');
    });

    if (dialect === 'postgres') {
      it('two connections (two instances) share one counter', async () => {
        const a = new DatabaseRateLimitStore(store.counters);
        const b = new DatabaseRateLimitStore(second!.counters);
        const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('shared', t0, 60_000)));
        assert.deepEqual([...counts].sort((x, y) => x - y), Array.from({ length: 20 }, (_, i) => i + 1));
      });
    }
  });
}

describe('database rate-limit store when the database does not answer', { timeout: 10_000 }, () => {
  it('fails a hit after its bound, then fails the next ones at once without a query until the stalled one ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-rl-'));
    const store = createStore({ kind: 'sqlite', path: join(dir, 'db.sqlite') });
    try {
      await store.migrate();
      // The real counters, with each upsert held while `hung` (as a frozen server holds it).
      const held: (() => void)[] = [];
      let hung = true;
      const upserts: Promise<number>[] = [];
      const counters: CounterStore = Object.create(store.counters, {
        hit: {
          value: (key: string, windowStartMs: number) => {
            const upsert = (async () => {
              if (hung) await new Promise<void>((resolve) => held.push(resolve));
              return store.counters.hit(key, windowStartMs);
            })();
            upserts.push(upsert);
            return upsert;
          },
        },
      });
      const timer = manualTimer();
      const limits = new DatabaseRateLimitStore(counters, { waitMs: 1000, timer: timer.start });
      const first = limits.hit('reads:a', t0, 60_000);
      assert.equal(await stateOf(first), 'pending', 'within the bound a hit waits');
      timer.fireAll();
      await assert.rejects(first, (error) => error instanceof NoAnswerError && error instanceof StoreUnavailableError);
      await assert.rejects(limits.hit('reads:b', t0, 60_000), NoAnswerError, 'the next hit fails at once');
      assert.equal(upserts.length, 1, 'without asking the database');
      assert.equal(timer.pending, 0);

      // The database answers again: the stalled upsert ends, and hits are counted as before.
      hung = false;
      for (const release of held) release();
      assert.equal(await upserts[0], 1);
      await stateOf(first);
      assert.equal(await limits.hit('reads:a', t0, 60_000), 2, 'the stalled hit was counted when it ended, and this one after it');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
