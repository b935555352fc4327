import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { RateLimitPolicyName } from '../config.js';
import type { InquirySource } from '../model/inquiry.js';
import type { DeliveryOutcome } from '../outbox/worker.js';
import type { OutboxChannel } from '../store/ports/index.js';
import { RequestMetrics } from './request-metrics.js';

/** The label every request no route matched gets: raw paths would make label cardinality unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Methods node:http can hand us are a fixed set already; anything unusual is folded into one label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: a cached read is well under 5 ms, a write a few ms to tens, anything over 2.5 s is trouble. */
const DURATION_BUCKETS = [0.005, 0.025, 0.1, 0.5, 2.5];

export interface Metrics {
  /** the one registry of this app (never prom-client's global one), exposed at GET /metrics */
  readonly registry: Registry;
  /** a finished HTTP request; `route` is a route pattern or UNMATCHED_ROUTE, never a raw path */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  inquiryCreated(source: InquirySource, sandbox: boolean): void;
  rateLimited(policy: RateLimitPolicyName): void;
  /** the rate-limit store failed: the request went unmetered (fail open) or got a 503 (fail closed) */
  rateLimitUnmetered(policy: RateLimitPolicyName, failClosed: boolean): void;
  /** one delivery attempt of a notification by this instance's worker */
  notificationAttempt(channel: OutboxChannel, outcome: DeliveryOutcome): void;
}

/** The Prometheus metrics of one app instance, with Node's default process metrics on the same registry. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestMetrics({
    counterName: 'vitrine_http_requests_total',
    counterHelp: 'HTTP requests answered, by method, route pattern and status.',
    histogramName: 'vitrine_http_request_duration_seconds',
    histogramHelp: 'Time to answer an HTTP request, by method and route pattern.',
    buckets: DURATION_BUCKETS,
  });
  for (const collector of requests.collectors()) registry.registerMetric(collector as never);
  const inquiries = new Counter({ name: 'vitrine_inquiries_created_total', help: 'Inquiries accepted (replays not counted), by channel and whether they were sandbox rehearsals.', labelNames: ['source', 'sandbox'] as const, registers: [registry] });
  const limited = new Counter({ name: 'vitrine_rate_limited_total', help: 'Requests refused with 429 by the rate limiter, by policy.', labelNames: ['policy'] as const, registers: [registry] });
  // Alert on rate(…{outcome!="delivered"}) > 0: the owners are not hearing of inquiries.
  const notifications = new Counter({ name: 'vitrine_notification_attempts_total', help: 'Notification delivery attempts by this instance, by channel (email, webhook) and outcome: delivered, retrying (failed, tried again later) or dead (given up).', labelNames: ['channel', 'outcome'] as const, registers: [registry] });
  const storeFailures = new Counter({ name: 'vitrine_rate_limit_store_failures_total', help: 'Requests the rate-limit store (Redis or the database) failed to meter, by policy and outcome: admitted unmetered (open) or refused with 503 (closed).', labelNames: ['policy', 'outcome'] as const, registers: [registry] });

  return {
    registry,
    recordRequest(method, route, status, seconds) {
      // Bounded: methods are folded to METHODS, routes are the registered patterns, statuses ours.
      requests.record(METHODS.has(method) ? method : 'OTHER', route, status, seconds);
    },
    inquiryCreated(source, sandbox) {
      inquiries.inc({ source, sandbox: String(sandbox) });
    },
    rateLimited(policy) {
      limited.inc({ policy });
    },
    rateLimitUnmetered(policy, failClosed) {
      storeFailures.inc({ policy, outcome: failClosed ? 'closed' : 'open' });
    },
    notificationAttempt(channel, outcome) {
      notifications.inc({ channel, outcome });
    },
  };
}
