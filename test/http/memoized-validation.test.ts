import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BoundedMap } from '../../src/lib/bounded-map.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('BoundedMap', () => {
  it('keeps at most maxEntries, dropping the oldest insertion first', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    assert.equal(map.size, 2);
    map.set('c', 4);
    assert.equal(map.size, 2);
    assert.equal(map.get('a'), undefined);
    assert.equal(map.get('b'), 2);
    assert.equal(map.get('c'), 4);
  });
});

describe('catalog query validation, memoized per query string', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  it('answers a repeated bad query with the same 400 problem every time', async () => {
    const bodies: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.baseUrl}/api/v1/projects?limit=0&bogus=1`);
      assert.equal(res.status, 400);
      const body = (await res.json()) as Record<string, unknown>;
      delete body.request_id;
      bodies.push(body);
    }
    assert.deepEqual(bodies[1], bodies[0]);
    assert.deepEqual(bodies[2], bodies[0]);
  });

  it('answers repeated valid queries as the first time, each with its own parameters', async () => {
    for (let round = 0; round < 2; round++) {
      for (const limit of [1, 3, 2]) {
        const res = await fetch(`${server.baseUrl}/api/v1/projects?limit=${limit}&sort=title`);
        const body = (await res.json()) as { data: unknown[] };
        assert.equal(body.data.length, limit);
      }
    }
  });

  it('validates the slug of a repeated detail request the same way each time', async () => {
    const long = 'x'.repeat(81);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.baseUrl}/api/v1/projects/${long}`);
      await res.arrayBuffer();
      assert.equal(res.status, 400);
    }
  });
});
