import { createServer, ServerResponse, type RequestListener } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { nodeListener } from './http/node-listener.js';
import pino, { type Logger } from 'pino';
import { createApp, type VitrineApp } from './app.js';
import { DEMO_CATALOG_PATH } from './catalog/data-files.js';
import { seedIfEmpty } from './catalog/seed.js';
import { defaultPublicUrl, isWildcardHost, type Config } from './config.js';
import { cryptoRandom, systemClock } from './lib/clock.js';
import { LogBatcher } from './lib/log-batcher.js';
import { createStore } from './store/create-store.js';
import type { Store } from './store/ports/index.js';

export interface RunningServer {
  server: ServerType;
  /** the port actually bound (differs from config.port when that is 0) */
  port: number;
  store: Store;
  vitrine: VitrineApp;
  logger: Logger;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Log lines are handed to the file descriptor in chunks of this many characters… */
const LOG_CHUNK_CHARS = 16_384;
/** …or after at most this long, whichever comes first. */
const LOG_FLUSH_MS = 1000;
/** How long a shutdown leaves idle connections open for requests already on their way (see close()). */
const SHUTDOWN_IDLE_GRACE_MS = 500;

/**
 * pino writing to stdout asynchronously and in chunks (src/lib/log-batcher.ts): one write per
 * hundred-odd access-log lines instead of one (and a thread-pool hand-off) per request, which was
 * a large part of a cached read's CPU. A line waits at most LOG_FLUSH_MS; what waits is written
 * synchronously when the process exits, and close() flushes on a graceful shutdown.
 */
export function createLogger(level: string): { logger: Logger; close(): void } {
  // minLength 1: SonicBoom writes each chunk at once, and its flush(cb) waits for the write.
  const batcher = new LogBatcher(pino.destination({ dest: 1, sync: false, minLength: 1 }), { chunkChars: LOG_CHUNK_CHARS, flushMs: LOG_FLUSH_MS });
  return { logger: pino({ level }, batcher), close: () => batcher.close() };
}

/**
 * Everything `npm start` and `vitrine serve` do before serving: migrate, load the demo catalog
 * into an empty database, wire the app and listen.
 */
export async function startServer(config: Config, options: { logger?: Logger } = {}): Promise<RunningServer> {
  const own = options.logger === undefined ? createLogger(config.logLevel) : undefined;
  const logger = options.logger ?? own!.logger;
  const store = createStore(config.database);
  try {
    const applied = await store.migrate();
    if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
    if (config.demoCatalog) {
      const seeded = await seedIfEmpty(store.projects, DEMO_CATALOG_PATH, systemClock, cryptoRandom, store.studio, store.media);
      if (seeded > 0) logger.info({ projects: seeded }, 'loaded the demo catalog into an empty database');
    }
  } catch (error) {
    // Closed, or SQLite's checkpointer thread keeps a `vitrine serve` that failed to start alive.
    await store.close().catch(() => {});
    throw error;
  }
  // The in-memory search index (issue 17) builds in the background; SQL answers until it is ready.
  store.projects.warm?.().catch((error: unknown) => logger.warn({ err: error }, 'the in-memory search index could not be built; searches use SQL'));
  // Listen before wiring the app: with PORT=0 only the bound address can name the real port, and
  // every advertised URL ({base_url}: issuer, resource_metadata, Location, Link, Origin checks)
  // is built from publicUrl. Requests in the gap get a 503 from the placeholder listener.
  let listener: RequestListener = (_req, res) => res.writeHead(503, { 'retry-after': '1' }).end('starting');
  let closing = false;
  // RFC 9112 §9.6: a server closing down says so on every answer it still gives, one whose
  // request it had begun before the shutdown too: with `keep-alive` there, a proxy may reuse the
  // connection in the moment before this end closes it, and its client gets a 502.
  class Answer extends ServerResponse {
    override writeHead(statusCode: number, ...rest: unknown[]): this {
      if (closing) this.setHeader('connection', 'close');
      return ServerResponse.prototype.writeHead.call(this, statusCode, ...(rest as [])) as this;
    }
  }
  const server = createServer({ ServerResponse: Answer }, (req, res) => listener(req, res));
  // node:http closes a connection idle for 5 s. A proxy in front keeps its own longer (nginx's
  // upstream keepalive_timeout and AWS's ALB: 60 s) and may send a request on one just as this
  // end closes it: the client gets a 502. The end behind the proxy must wait longer than the
  // proxy does; 65 s by default (KEEP_ALIVE_TIMEOUT_SECONDS), announced as `Keep-Alive: timeout`.
  server.keepAliveTimeout = config.keepAliveTimeoutSeconds * 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(config.port, config.host);
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const publicUrl = config.publicUrlConfigured ? config.publicUrl : defaultPublicUrl(config.host, port);
  if (!config.publicUrlConfigured && isWildcardHost(config.host)) {
    logger.warn({ url: publicUrl, address: config.host }, 'PUBLIC_URL is not set: links, the OAuth issuer and WWW-Authenticate name the loopback address; set PUBLIC_URL to the address clients use');
  }
  const appConfig: Config = publicUrl === config.publicUrl ? config : Object.freeze({ ...config, publicUrl });
  let vitrine: VitrineApp;
  try {
    vitrine = await createApp({ config: appConfig, store, logger });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
    throw error;
  }
  // What @hono/node-server's serve() does, on the server that is already listening, behind the
  // cached-read lane.
  listener = nodeListener(vitrine.lane, vitrine.fetch, config.host);
  logger.info({ url: publicUrl, address: config.host, port, database: store.dialect }, 'vitrine listening');

  return {
    server,
    port,
    store,
    vitrine,
    logger,
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        // Stop listening, but leave idle connections open for SHUTDOWN_IDLE_GRACE_MS: a request
        // already on its way on one is answered (with Connection: close) rather than met by a
        // closed socket, which a client cannot tell from a lost request. node:http's close()
        // would end them at once (since Node 19), so the listening socket is closed as net's.
        let sweep: NodeJS.Timeout | undefined;
        const grace = setTimeout(() => {
          // Then idle connections end, and so does each busy one once its answer is sent (kept
          // open, it would hold the close for the keep-alive timeout).
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), 100);
        }, SHUTDOWN_IDLE_GRACE_MS);
        NetServer.prototype.close.call(server, () => {
          clearTimeout(grace);
          clearInterval(sweep);
          resolve();
        });
      });
      await vitrine.close();
      await store.close();
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
      own?.close();
    },
  };
}

/** Graceful shutdown on SIGTERM/SIGINT, with a forced exit if in-flight requests hang. */
export function closeOnSignals(running: RunningServer, timeoutMs = 10_000): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      running.logger.warn('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    running.close().then(
      () => {
        running.logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        running.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
