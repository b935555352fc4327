/**
 * What metering costs on the hottest path, in one run: `GET /api/v1/projects` with rate limits
 * off, on over the in-memory store, and on over Redis (when REDIS_URL or redis://127.0.0.1:6379
 * answers). The quota is set far above what the run can spend so every answer is a 200.
 * Prints req/s, p99 latency and each ratio to "off". Standalone: `npx tsx bench/rate-limit.ts`
 * (BENCH_SECONDS (5), BENCH_CONNECTIONS (10) to tune).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
// autocannon ships no types; the bench is outside the type-checked tree.
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pino from 'pino';
import { createApp } from '../src/app.js';
import { DEMO_CATALOG_PATH } from '../src/catalog/data-files.js';
import { seedIfEmpty } from '../src/catalog/seed.js';
import { parseConfig } from '../src/config.js';
import { cryptoRandom, systemClock } from '../src/lib/clock.js';
import { createStore } from '../src/store/create-store.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const UNSPENDABLE = JSON.stringify({ reads: { q: 1_000_000_000, w: 60 } });

interface Result {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

function load(url: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration: SECONDS, connections: CONNECTIONS }, (err: Error | null, result: Result) => (err ? reject(err) : resolve(result)));
  });
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function measure(label: string, env: Record<string, string>): Promise<Result & { label: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-rl-'));
  let handler: (req: Request, env?: unknown) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
  // The node bindings carry the socket: the client-IP middleware reads the peer from them.
  const server = serve({ fetch: (req, bindings) => handler(req, bindings), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = parseConfig({ DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent', ...env });
  const store = createStore(config.database);
  await store.migrate();
  await seedIfEmpty(store.projects, DEMO_CATALOG_PATH, systemClock, cryptoRandom, store.studio, store.media);
  const vitrine = await createApp({ config, store, logger: pino({ level: 'silent' }) });
  handler = vitrine.fetch;
  try {
    const probe = await fetch(`${baseUrl}/api/v1/projects`);
    if (probe.status !== 200) throw new Error(`${label}: warm-up answered ${probe.status}`);
    if ((probe.headers.get('ratelimit') !== null) !== (env.RATE_LIMITS_ENABLED !== 'false')) throw new Error(`${label}: RateLimit field presence is not what this run measures`);
    return { label, ...(await load(`${baseUrl}/api/v1/projects`)) };
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections();
    });
    await vitrine.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runs = [await measure('limits off', { RATE_LIMITS_ENABLED: 'false' }), await measure('limits on (memory)', { RATE_LIMITS: UNSPENDABLE })];
  if (await redisAnswers()) {
    const prefix = `vitrine-bench:${Date.now()}:`;
    runs.push(await measure('limits on (redis)', { RATE_LIMITS: UNSPENDABLE, REDIS_URL, REDIS_KEY_PREFIX: prefix }));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  } else {
    console.log(`(no Redis at ${REDIS_URL}: skipping the Redis run)`);
  }
  const base = runs[0]!.requests.average;
  console.log(`\nrate limits: GET /api/v1/projects, ${SECONDS} s each, ${CONNECTIONS} connections`);
  console.log('run                  req/s     p99 ms   ratio to off   non-2xx  errors');
  for (const r of runs) {
    console.log(`${r.label.padEnd(20)} ${r.requests.average.toFixed(0).padStart(7)} ${String(r.latency.p99).padStart(9)} ${(r.requests.average / base).toFixed(2).padStart(14)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(7)}`);
  }
  if (runs.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
