import { serve } from '@hono/node-server';
import pino from 'pino';
import { createApp } from './app.js';
import { DEMO_CATALOG_PATH } from './catalog/data-files.js';
import { seedIfEmpty } from './catalog/seed.js';
import { ConfigError, parseConfig } from './config.js';
import { cryptoRandom, systemClock } from './lib/clock.js';
import { createStore } from './store/create-store.js';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`vitrine: invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const store = createStore(config.database);
  const applied = await store.migrate();
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
  if (config.demoCatalog) {
    const seeded = await seedIfEmpty(store.projects, DEMO_CATALOG_PATH, systemClock, cryptoRandom);
    if (seeded > 0) logger.info({ projects: seeded }, 'loaded the demo catalog into an empty database');
  }
  const vitrine = await createApp({ config, store, logger });
  const server = serve({ fetch: vitrine.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ url: config.publicUrl, address: info.address, port: info.port, database: store.dialect }, 'vitrine listening');
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // Force-exit if in-flight requests do not finish in time.
    const timer = setTimeout(() => {
      logger.warn('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    server.close(async () => {
      await vitrine.close();
      await store.close();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`vitrine: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
