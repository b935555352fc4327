import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { createApp } from '../../src/app.js';
import { createStore } from '../../src/store/create-store.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';
import { deleteRedisPrefix, skipWithoutRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../helpers/redis.js';
import { startTestServer } from '../helpers/server.js';

const LIMITS = JSON.stringify({ writes: { q: 3, w: 60 } });

function write(baseUrl: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
}

/** Alternates writes between instances and returns how many each admitted. */
async function alternate(baseUrls: string[], total: number): Promise<{ admitted: number; remaining: (string | null)[] }> {
  let admitted = 0;
  const remaining: (string | null)[] = [];
  for (let i = 0; i < total; i++) {
    const res = await write(baseUrls[i % baseUrls.length]!);
    if (res.status !== 429) admitted += 1;
    remaining.push(res.headers.get('ratelimit'));
  }
  return { admitted, remaining };
}

const skipRedis = await skipWithoutRedis();
const skipPostgres = await skipWithoutPostgres();

describe('limits hold across instances', () => {
  it('two instances on one Redis together admit exactly the quota', { skip: skipRedis }, async () => {
    const prefix = uniqueRedisPrefix();
    const env = { RATE_LIMITS: LIMITS, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const a = await startTestServer({ env });
    const b = await startTestServer({ env, clock: a.clock });
    try {
      const { admitted, remaining } = await alternate([a.baseUrl, b.baseUrl], 6);
      assert.equal(admitted, 3);
      assert.deepEqual(remaining.slice(0, 4), ['"writes";r=2;t=60', '"writes";r=1;t=60', '"writes";r=0;t=60', '"writes";r=0;t=60']);
    } finally {
      await a.close();
      await b.close();
      await deleteRedisPrefix(prefix);
    }
  });

  it('two instances on one PostgreSQL database (no Redis) together admit exactly the quota', { skip: skipPostgres }, async () => {
    const a = await startTestServer({ dialect: 'postgres', env: { RATE_LIMITS: LIMITS } });
    // The second instance: its own connection pool and app over the first one's database.
    const secondStore = createStore(a.config.database);
    const second = await createApp({ config: a.config, store: secondStore, clock: a.clock, logger: pino({ level: 'silent' }) });
    const server = serve({ fetch: (req, env) => second.fetch(req, env), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const bUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { admitted } = await alternate([a.baseUrl, bUrl], 6);
      assert.equal(admitted, 3);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections();
      });
      await second.close();
      await secondStore.close();
      await a.close();
    }
  });

  it('without shared counters (memory) each instance would admit its own quota — the reason Redis/PostgreSQL exist', async () => {
    const env = { RATE_LIMITS: LIMITS };
    const a = await startTestServer({ env });
    const b = await startTestServer({ env, clock: a.clock });
    try {
      assert.equal((await alternate([a.baseUrl, b.baseUrl], 6)).admitted, 6);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
