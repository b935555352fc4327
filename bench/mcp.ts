/**
 * What MCP costs next to REST for the same catalog search, in one run on one server:
 *   GET /api/v1/projects?q=…&limit=5            (REST, cached service call)
 *   POST /mcp tools/call search_projects (2025)  (stateless: one fresh McpServer per POST)
 *   POST /mcp tools/call search_projects (2026-07-28, per-request _meta)
 * then each of REST and MCP (2025) with a new query on every call, which no answer cache has
 * seen: what an agent exploring the catalog pays (issue 17, docs/performance.md round 22).
 * Prints req/s, p99 latency and MCP/REST ratios (the new-query MCP case against the new-query REST one). Standalone: `npx tsx bench/mcp.ts`
 * (BENCH_SECONDS, BENCH_CONNECTIONS to tune). Rate limits are off so they don't cap the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
// autocannon ships no types; the bench is outside the type-checked tree.
import autocannon from 'autocannon';
import pino from 'pino';
import { createApp } from '../src/app.js';
import { DEMO_CATALOG_PATH } from '../src/catalog/data-files.js';
import { seedIfEmpty } from '../src/catalog/seed.js';
import { parseConfig } from '../src/config.js';
import { cryptoRandom, systemClock } from '../src/lib/clock.js';
import { createStore } from '../src/store/create-store.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const QUERY = 'platform';
/** Words of the demo catalog; call n asks for two of them and a page size, all three varying. */
const WORDS = 'platform mobile app web design booking data payments health search maps riders accessible support service offline dashboard forms release live'.split(' ');
const newQuery = (n: number) => ({ q: `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]}`, limit: 1 + (Math.floor(n / WORDS.length ** 2) % 10) });

interface Result {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}

function run(title: string, opts: Record<string, unknown>): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ title, duration: SECONDS, connections: CONNECTIONS, ...opts }, (err: Error | null, result: Result) => (err ? reject(err) : resolve(result)));
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const server = serve({ fetch: (req) => handler(req), port: 0, hostname: '127.0.0.1' });
  let handler: (req: Request) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = parseConfig({ DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent', RATE_LIMITS_ENABLED: 'false' });
  const store = createStore(config.database);
  await store.migrate();
  await seedIfEmpty(store.projects, DEMO_CATALOG_PATH, systemClock, cryptoRandom, store.studio, store.media);
  const vitrine = await createApp({ config, store, logger: pino({ level: 'silent' }) });
  // As the server does at start: the in-memory search index, so a new query is not answered by SQL.
  await store.projects.warm?.();
  handler = vitrine.fetch;

  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const args = { q: QUERY, limit: 5 };
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const cases: [string, Record<string, unknown>][] = [
    ['REST GET /api/v1/projects', { url: `${baseUrl}/api/v1/projects?q=${QUERY}&limit=5` }],
    [
      'MCP tools/call (2025-11-25)',
      { url: `${baseUrl}/mcp`, method: 'POST', headers: { ...json, 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_projects', arguments: args } }) },
    ],
    [
      'MCP tools/call (2026-07-28)',
      {
        url: `${baseUrl}/mcp`,
        method: 'POST',
        headers: { ...json, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'search_projects' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_projects', arguments: args, _meta: meta } }),
      },
    ],
  ];
  let calls = 0;
  const distinct: [string, Record<string, unknown>][] = [
    [
      'REST, a new query each call',
      { url: `${baseUrl}/api/v1/projects`, requests: [{ setupRequest: (req: Record<string, unknown>) => { const { q, limit } = newQuery(++calls); return { ...req, path: `/api/v1/projects?q=${encodeURIComponent(q)}&limit=${limit}` }; } }] },
    ],
    [
      'MCP (2025), a new query each call',
      {
        url: `${baseUrl}/mcp`,
        method: 'POST',
        headers: { ...json, 'mcp-protocol-version': '2025-11-25' },
        requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify({ jsonrpc: '2.0', id: ++calls, method: 'tools/call', params: { name: 'search_projects', arguments: newQuery(calls) } }) }) }],
      },
    ],
  ];

  // One warm-up request each, and a check that every case really answers 200.
  for (const [title, opts] of cases) {
    const res = await fetch(String(opts.url), { method: String(opts.method ?? 'GET'), headers: (opts.headers ?? {}) as Record<string, string>, body: opts.body as string | undefined });
    if (res.status !== 200) throw new Error(`${title}: warm-up answered ${res.status}: ${await res.text()}`);
  }

  const results: [string, Result][] = [];
  for (const [title, opts] of [...cases, ...distinct]) results.push([title, await run(title, opts)]);

  const rest = results[0]![1];
  console.log(`\n${SECONDS}s per case, ${CONNECTIONS} connections, query "${QUERY}", limit 5 (same process, same SQLite file)\n`);
  console.log('case                              req/s     p99 ms   avg ms   non-2xx  vs REST');
  for (const [i, [title, r]] of results.entries()) {
    // The new-query MCP case against the new-query REST case, the others against the repeated REST read.
    const ratio = (r.requests.average / (i === results.length - 1 ? results[i - 1]![1] : rest).requests.average).toFixed(2);
    console.log(
      `${title.padEnd(32)} ${r.requests.average.toFixed(0).padStart(7)} ${String(r.latency.p99).padStart(9)} ${r.latency.average.toFixed(2).padStart(8)} ${String(r.non2xx + r.errors).padStart(9)}   ${ratio}x`,
    );
  }

  await new Promise<void>((resolve) => server.close(() => resolve()));
  await vitrine.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
