import { BoundedCheck } from '../../lib/bounded-check.js';
import { ERROR_CODES, STORE_RETRY_AFTER_SECONDS } from '../../lib/errors.js';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Store } from '../../store/ports/index.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';
import { problemResponse } from '../openapi/schemas.js';

const NO_STORE = { 'Cache-Control': { schema: { type: 'string' as const, example: 'no-store' } } };

const LivenessSchema = z.object({ status: z.literal('ok') }).openapi('Liveness', { description: 'The process answers.' });
const ReadinessSchema = z
  .object({ status: z.literal('ready'), database: z.enum(['sqlite', 'postgres']).openapi({ description: 'The storage dialect in use.' }) })
  .openapi('Readiness', { description: 'The process answers and its database does too.' });

/**
 * How long /readyz waits for the database before answering 503. A load balancer's probe has a
 * timeout of its own (AWS's and Google Cloud's: 5 s by default; Kubernetes': 1 s, which counts a
 * probe that waits this long as failed, the same verdict): a 503 with Retry-After within it
 * instead of a probe that times out, and a database that cannot answer `SELECT 1` in a second
 * cannot serve this instance's requests either.
 */
export const READINESS_WAIT_MS = 1000;

/** Liveness says the process answers; readiness says its database does too. */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, store: Store): void {
  // One ping at a time, however often probes come: while the database hangs, each abandoned ping
  // holds a pooled connection until the driver's query timeout, and a probe a second would
  // otherwise end up holding every connection of the pool.
  const ping = new BoundedCheck(() => store.ping(), READINESS_WAIT_MS);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      tags: ['Health'],
      operationId: 'getLiveness',
      summary: 'Liveness probe',
      responses: { 200: { description: 'Alive.', headers: NO_STORE, content: { 'application/json': { schema: LivenessSchema } } } },
    }),
    (c) => c.json({ status: 'ok' as const }, 200, { 'cache-control': 'no-store' }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/readyz',
      tags: ['Health'],
      operationId: 'getReadiness',
      summary: 'Readiness probe (checks the database)',
      responses: {
        200: { description: 'Ready to serve.', headers: NO_STORE, content: { 'application/json': { schema: ReadinessSchema } } },
        503: {
          ...problemResponse('The database is not reachable (`not_ready`); look again after `Retry-After`. `/healthz` keeps answering meanwhile.'),
          headers: { 'Retry-After': { required: true, description: 'RFC 9110 §10.2.3: seconds before the next look.', schema: { type: 'integer' as const, minimum: 1 } } },
        },
      },
    }),
    async (c) => {
      try {
        await ping.run();
        return c.json({ status: 'ready' as const, database: store.dialect }, 200, { 'cache-control': 'no-store' });
      } catch {
        // RFC 9110 §10.2.3: a 503 may say when to look again.
        return problem(c, { status: 503, code: ERROR_CODES.notReady, title: 'Not ready', detail: 'The database is not reachable.' }, { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) }) as never;
      }
    },
  );
}
