import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const LIMITS = JSON.stringify({ writes: { q: 3, w: 60 } });

async function withServer(trustProxy: string | undefined, run: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer({ env: { RATE_LIMITS: LIMITS, ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) } });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

function write(server: TestServer, forwardedFor?: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: '{}',
  });
}

async function statuses(server: TestServer, forwardedFor: (i: number) => string | undefined): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 4; i++) out.push((await write(server, forwardedFor(i))).status);
  return out;
}

describe('client IP behind proxies (TRUST_PROXY)', () => {
  it('off (default): a spoofed X-Forwarded-For cannot escape the limit', () => {
    return withServer(undefined, async (server) => {
      const seen = await statuses(server, (i) => `198.51.100.${i + 1}`);
      assert.equal(seen.filter((s) => s === 429).length, 1, String(seen));
      assert.equal(seen[3], 429);
    });
  });

  it('one trusted hop: each client behind the load balancer gets its own quota', () => {
    return withServer('1', async (server) => {
      const seen = await statuses(server, (i) => `198.51.100.${i + 1}`);
      assert.ok(!seen.includes(429), String(seen));
      // The same client through the proxy is limited as one.
      const same = await statuses(server, () => '203.0.113.7');
      assert.equal(same[3], 429);
    });
  });

  it('one trusted hop: entries a client prepends itself are ignored', () => {
    return withServer('1', async (server) => {
      const seen = await statuses(server, (i) => `10.9.9.${i + 1}, 203.0.113.7`);
      assert.equal(seen[3], 429, String(seen));
    });
  });

  it('a CIDR list trusts only those proxies: the loopback proxy is walked past, the client is not', () => {
    return withServer('127.0.0.0/8', async (server) => {
      const seen = await statuses(server, (i) => `198.51.100.${i + 1}`);
      assert.ok(!seen.includes(429), String(seen));
    });
  });

  it('a CIDR list that does not contain the peer leaves the header untrusted', () => {
    return withServer('10.0.0.0/8', async (server) => {
      const seen = await statuses(server, (i) => `198.51.100.${i + 1}`);
      assert.equal(seen[3], 429, String(seen));
    });
  });

  it('requests without a socket (in-process app.request) are keyed as unknown and still metered', () => {
    return withServer(undefined, async (server) => {
      const res = await server.vitrine.app.request('/api/v1/projects');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('ratelimit') ?? '', /^"reads";r=\d+;t=\d+$/);
    });
  });
});
