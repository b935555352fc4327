import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Store } from '../../store/ports.js';
import type { AppEnv } from '../env.js';
import { problem } from '../problem.js';

/** Liveness says the process answers; readiness says its database does too. */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, store: Store): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));
  app.get('/readyz', async (c) => {
    try {
      await store.ping();
      return c.json({ status: 'ready', database: store.dialect }, 200, { 'cache-control': 'no-store' });
    } catch {
      return problem(c, { status: 503, code: 'not_ready', title: 'Not ready', detail: 'The database is not reachable.' });
    }
  });
}
