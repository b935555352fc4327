import { ERROR_CODES } from '../../lib/errors.js';
import { hash, timingSafeEqual } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Registry } from 'prom-client';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';
import { problemResponse } from '../openapi/schemas.js';

export interface MetricsRouteOptions {
  registry: Registry;
  /** METRICS_TOKEN; undefined leaves /metrics public (restrict it at the proxy) */
  token: string | undefined;
}

const sha256 = (value: string): Buffer => hash('sha256', value, 'buffer');

/** GET /metrics — Prometheus text exposition (docs/design.md §3), optionally behind a static bearer token. */
export function registerMetricsRoute(app: OpenAPIHono<AppEnv>, options: MetricsRouteOptions): void {
  const { registry } = options;
  // Only the digest is kept; equal-length digests make the comparison constant-time whatever was sent.
  const expected = options.token === undefined ? null : sha256(options.token);
  if (expected !== null) {
    app.openAPIRegistry.registerComponent('securitySchemes', 'metricsToken', {
      type: 'http',
      scheme: 'bearer',
      description: 'The operator-configured METRICS_TOKEN (not an OAuth token).',
    });
  }
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/metrics',
    tags: ['Health'],
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (text exposition format 0.0.4)',
    description: 'Request counts and latencies by route pattern, inquiries created, rate-limit refusals and Node process metrics. Never rate limited, so scrapes keep working while clients are throttled.',
    security: expected === null ? [] : [{ metricsToken: [] }],
    responses: {
      200: {
        description: 'The current metrics.',
        headers: { 'Cache-Control': { schema: { type: 'string', example: 'no-store' } } },
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
      ...(expected === null ? {} : { 401: problemResponse('Missing or wrong METRICS_TOKEN bearer (`unauthorized`).') }),
    },
  });
  app.get('/metrics', async (c) => {
    if (expected !== null && !authorized(c.req.header('authorization'), expected)) {
      // RFC 6750 §3: a protected resource answers 401 with a Bearer challenge.
      return problem(c, { status: 401, code: ERROR_CODES.unauthorized, title: 'Authentication required', detail: 'Send the configured metrics token as `Authorization: Bearer <token>`.' }, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  });
}

function authorized(header: string | undefined, expected: Buffer): boolean {
  // RFC 6750 §2.1 / RFC 9110 §11.1: the scheme name is case-insensitive.
  const match = header === undefined ? null : /^bearer +(\S+) *$/i.exec(header);
  return match !== null && timingSafeEqual(sha256(match[1]!), expected);
}
