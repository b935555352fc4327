/**
 * What telling the studio costs: `POST /api/v1/inquiries` (a unique Idempotency-Key each) on
 * SQLite, then on PostgreSQL when it answers, with no notification channel, then with email (a local SMTP sink) and a webhook (a
 * local receiver) — each inquiry then also writes its outbox rows in the same transaction, and
 * the worker delivers them while the load runs. Prints req/s, p99, server CPU µs per inquiry,
 * the ratio to "no channel", how long after the load the last notification arrived, and the
 * server's CPU per inquiry until then (deliveries that trail the load cost CPU too).
 * Standalone: `npx tsx bench/inquiries-outbox.ts` (BENCH_SECONDS (5), BENCH_CONNECTIONS (10)).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// autocannon ships no types; the bench is outside the type-checked tree.
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase, postgresAvailable } from '../test/helpers/postgres.js';
import { startChild } from './lib/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = fileURLToPath(new URL('..', import.meta.url));

function post(port: number, seconds: number): Promise<{ rps: number; p99: number; created: number; other: number }> {
  let n = 0;
  const body = JSON.stringify({ name: 'Bench Client', email: 'bench@client.example', message: 'A benchmark inquiry about a new project.' });
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}/api/v1/inquiries`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ method: 'POST', setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${process.pid}-${++n}` }, body }) }],
      },
      (err: Error | null, r: { requests: { average: number }; latency: { p99: number }; '2xx': number; non2xx: number }) =>
        err ? reject(err) : resolve({ rps: r.requests.average, p99: r.latency.p99, created: r['2xx'], other: r.non2xx }),
    );
  });
}

async function sinks(): Promise<{ env: Record<string, string>; received: () => number; close(): void }> {
  let hooks = 0;
  let mails = 0;
  const receiver = createServer((req, res) => req.resume().on('end', () => (hooks++, res.writeHead(204).end())));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, onData: (s, _session, done) => s.resume().on('end', () => (mails++, done())) });
  smtp.on('error', () => {}); // a pooled connection reset when the server process is killed
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    env: {
      OWNER_EMAILS: 'owner@studio.example',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      WEBHOOK_URLS: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
    received: () => Math.min(hooks, mails),
    close: () => (receiver.close(), smtp.close(() => {})),
  };
}

type Dialect = 'SQLite' | 'PostgreSQL';

/** How many inquiries the database holds. */
async function countInquiries(dialect: Dialect, location: string): Promise<number> {
  if (dialect === 'SQLite') {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(location, { readonly: true });
    try {
      return (db.prepare('select count(*) as n from inquiries').get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from inquiries')).rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function run(dialect: Dialect, label: string, channels: Awaited<ReturnType<typeof sinks>> | null) {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const pg = dialect === 'PostgreSQL' ? await createTestDatabase() : undefined;
  const location = pg?.url ?? join(dir, 'v.db');
  const server = await startChild(root, 'our-server', { DATABASE_URL: pg ? pg.url : `sqlite:${location}`, PORT: '0', DEMO_CATALOG: 'false', LOG_LEVEL: 'warn', RATE_LIMITS_ENABLED: 'false', ...(channels?.env ?? {}) });
  try {
    await post(server.port, 1); // warm-up, not measured
    const before = await server.cpuMicros();
    const result = await post(server.port, SECONDS);
    const cpu = (await server.cpuMicros()) - before;
    let drainMs = 0;
    let stored = 0;
    let told = 0;
    let toldCpu = cpu;
    if (channels) {
      // The inquiries stored (warm-up and load) are the ones to be told of, once by mail and once by webhook.
      stored = await countInquiries(dialect, location);
      const started = Date.now();
      while (channels.received() < stored && Date.now() - started < 180_000) await new Promise((r) => setTimeout(r, 20));
      drainMs = Date.now() - started;
      told = channels.received();
      // Deliveries that trail the load are part of each inquiry's cost too.
      toldCpu = (await server.cpuMicros()) - before;
    }
    const requests = Math.max(1, result.created + result.other);
    return { label, ...result, cpuUs: cpu / requests, toldCpuUs: toldCpu / requests, drainMs, stored, told };
  } finally {
    await server.stop();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const dialects: Dialect[] = (await postgresAvailable()) ? ['SQLite', 'PostgreSQL'] : ['SQLite'];
for (const dialect of dialects) {
  const plain = await run(dialect, 'no channel', null);
  const channels = await sinks();
  const told = await run(dialect, 'email + webhook', channels);
  channels.close();
  console.log(`\nPOST /api/v1/inquiries, ${dialect}, ${CONNECTIONS} connections, ${SECONDS}s, unique Idempotency-Key each`);
  console.log('| setup | inquiries/s | p99 ms | server CPU µs/inquiry (load) | … until all told | non-2xx | all told of (mail and webhook) |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const r of [plain, told]) console.log(`| ${r.label} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.cpuUs.toFixed(0)} | ${r.toldCpuUs.toFixed(0)} | ${r.other} | ${r.stored === 0 ? '—' : `${r.told} of ${r.stored}, ${r.drainMs} ms after the load`} |`);
  console.log(`ratio (email + webhook / no channel): ${(told.rps / plain.rps).toFixed(2)} × the inquiries/s, ${(told.cpuUs / plain.cpuUs).toFixed(2)} × the CPU per inquiry`);
}
