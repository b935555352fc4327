import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { RateLimitPolicyName } from '../config.js';
import type { InquirySource } from '../model/inquiry.js';

/** The label every request no route matched gets: raw paths would make label cardinality unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Methods node:http can hand us are a fixed set already; anything unusual is folded into one label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: a cached read is well under 5 ms, a write a few ms to tens, anything over 2.5 s is trouble. */
const DURATION_BUCKETS = [0.005, 0.025, 0.1, 0.5, 2.5];

/** One request's series, resolved once per (method, route, status) so recording is two increments. */
interface RequestSeries {
  count: { inc(): void };
  duration: { observe(value: number): void };
}

export interface Metrics {
  /** the one registry of this app (never prom-client's global one), exposed at GET /metrics */
  readonly registry: Registry;
  /** a finished HTTP request; `route` is a route pattern or UNMATCHED_ROUTE, never a raw path */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  inquiryCreated(source: InquirySource, sandbox: boolean): void;
  rateLimited(policy: RateLimitPolicyName): void;
}

/** The Prometheus metrics of one app instance, with Node's default process metrics on the same registry. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'vitrine_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const durations = new Histogram({ name: 'vitrine_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method and route pattern.', labelNames: ['method', 'route'] as const, buckets: DURATION_BUCKETS, registers: [registry] });
  const inquiries = new Counter({ name: 'vitrine_inquiries_created_total', help: 'Inquiries accepted (replays not counted), by channel and whether they were sandbox rehearsals.', labelNames: ['source', 'sandbox'] as const, registers: [registry] });
  const limited = new Counter({ name: 'vitrine_rate_limited_total', help: 'Requests refused with 429 by the rate limiter, by policy.', labelNames: ['policy'] as const, registers: [registry] });

  // Bounded: methods are folded to METHODS, routes are the registered patterns, statuses ours.
  const series = new Map<string, RequestSeries>();
  return {
    registry,
    recordRequest(method, route, status, seconds) {
      const key = `${method} ${route} ${status}`;
      let s = series.get(key);
      if (s === undefined) {
        const m = METHODS.has(method) ? method : 'OTHER';
        s = { count: requests.labels(m, route, String(status)), duration: durations.labels(m, route) };
        series.set(key, s);
      }
      s.count.inc();
      s.duration.observe(seconds);
    },
    inquiryCreated(source, sandbox) {
      inquiries.inc({ source, sandbox: String(sandbox) });
    },
    rateLimited(policy) {
      limited.inc({ policy });
    },
  };
}
