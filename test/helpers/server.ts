import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApp, type AppDeps, type VitrineApp } from '../../src/app.js';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { seedIfEmpty } from '../../src/catalog/seed.js';
import { parseConfig, type Config } from '../../src/config.js';
import { cryptoRandom, ManualClock } from '../../src/lib/clock.js';
import { createStore } from '../../src/store/create-store.js';
import type { Store } from '../../src/store/ports/index.js';
import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { nodeListener } from '../../src/http/node-listener.js';
import { contractRecorder } from './contract.js';
import { createTestDatabase } from './postgres.js';

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 — also the configured PUBLIC_URL */
  baseUrl: string;
  vitrine: VitrineApp;
  store: Store;
  config: Config;
  clock: ManualClock;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** extra environment variables for parseConfig */
  env?: Record<string, string>;
  dialect?: 'sqlite' | 'postgres';
  /** load data/demo-catalog.json (default true) */
  demo?: boolean;
  /** check every response against /openapi.json; close() throws on drift (default true) */
  contract?: boolean;
  clock?: ManualClock;
  deps?: Partial<AppDeps>;
  /** wraps the app's fetch as the listener sees it, e.g. to turn one surface off */
  wrapFetch?: (fetch: VitrineApp['fetch']) => VitrineApp['fetch'];
}

/**
 * A real server on an ephemeral port over a real database: a fresh SQLite file in a temp
 * directory, or a throwaway PostgreSQL database. The clock is manual: tests move it.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-test-'));
  const pgDb = options.dialect === 'postgres' ? await createTestDatabase() : undefined;
  const databaseUrl = pgDb ? pgDb.url : `sqlite:${join(dir, 'vitrine.db')}`;
  const clock = options.clock ?? new ManualClock(Date.parse('2026-06-01T12:00:00Z'));

  // Listen first so PUBLIC_URL can name the real port. The same listener as src/server.ts; the
  // node bindings (env) carry the socket getConnInfo needs.
  let listener: RequestListener = (_req, res) => res.writeHead(503).end('starting');
  const server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const config = parseConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent', ...options.env });
  const store = createStore(config.database);
  await store.migrate();
  if (options.demo !== false) await seedIfEmpty(store.projects, DEMO_CATALOG_PATH, clock, cryptoRandom, store.studio, store.media);
  const vitrine = await createApp({ config, store, clock, logger: pino({ level: 'silent' }), ...options.deps });
  const contract = contractRecorder(baseUrl, async () => (await (await vitrine.fetch(new Request(`${baseUrl}/openapi.json`))).json()) as OpenApiDocument);
  const checked = options.contract !== false;
  const served = options.wrapFetch ? options.wrapFetch(vitrine.fetch) : vitrine.fetch;
  // The cached-read lane answers repeats of reads the contract has already checked; a test that
  // wraps the app's fetch sees every request go through it.
  listener = nodeListener(options.wrapFetch ? () => false : vitrine.lane, checked ? contract.wrap(served) : served, '127.0.0.1');

  return {
    baseUrl,
    vitrine,
    store,
    config,
    clock,
    async close() {
      const drift = await contract.finish();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections();
      });
      await vitrine.close();
      await store.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
      if (drift) throw drift;
    },
  };
}
