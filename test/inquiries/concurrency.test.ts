import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestServer } from '../helpers/server.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';

const BODY = JSON.stringify({ name: 'Grace Hopper', email: 'grace@example.com', message: 'Fifty retries of the same request must make one inquiry.' });
const QUOTAS = JSON.stringify({ writes: { q: 10_000, w: 60 } });

async function fiftyParallel(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const server = await startTestServer({ dialect, env: { RATE_LIMITS: QUOTAS } });
  try {
    const before = await server.store.inquiries.count();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'fifty-at-once' }, body: BODY }),
      ),
    );
    const ids = new Set<string>();
    for (const res of responses) {
      assert.ok(res.status === 201 || res.status === 409, `unexpected status ${res.status}`);
      if (res.status === 201) ids.add(((await res.json()) as { id: string }).id);
      else await res.body?.cancel();
    }
    assert.equal(ids.size, 1, 'every 201 carries the same inquiry');
    assert.equal(await server.store.inquiries.count(), before + 1, 'exactly one inquiry is stored');
  } finally {
    await server.close();
  }
}

describe('Idempotency-Key under concurrency (docs/design.md §6)', () => {
  it('creates exactly one inquiry from 50 parallel POSTs with the same key on SQLite', async () => {
    await fiftyParallel('sqlite');
  });

  it('creates exactly one inquiry from 50 parallel POSTs with the same key on PostgreSQL', async (t) => {
    const skip = await skipWithoutPostgres();
    if (skip) return t.skip(skip);
    await fiftyParallel('postgres');
  });
});
