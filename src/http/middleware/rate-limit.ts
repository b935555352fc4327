import type { Context, MiddlewareHandler } from 'hono';
import type { Config, RateLimitPolicy, RateLimitPolicyName } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { UNKNOWN_IP } from '../../lib/client-ip.js';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { createRateLimitStore } from '../../ratelimit/create-store.js';
import { rateLimitField, rateLimitPolicyField } from '../../ratelimit/headers.js';
import { RateLimiter, type LimiterLogger, type LimitOutcome } from '../../ratelimit/limiter.js';
import { policyFor } from '../../ratelimit/policy-for.js';
import type { RateLimitStore } from '../../ratelimit/store.js';
import { subjectKey } from '../../ratelimit/subject.js';
import type { Store } from '../../store/ports/index.js';
import type { AppEnv } from '../env.js';
import { PROBLEM_CONTENT_TYPE, problem, problemDocument } from '../responses/problem.js';
import { takeHandedOffOutcome } from '../rate-limit-handoff.js';
import { announceResponseHeaders, answeredWithAnnouncedHeaders, applyResponseHeaders } from '../responses/response-headers.js';

/** Resolves the caller's client id from a verified credential, or null to fall back to the IP. */
export type Identify = (c: Context<AppEnv>) => Promise<string | null>;

/** Seconds a client is told to wait when the counter store is down for credential minting. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The one 429 of the service; the sandbox's `rate_limited` scenario calls it too, so a rehearsal
 * carries exactly the headers and body of the real thing. The body is an RFC 9457 problem on
 * every path, OAuth endpoints included: RFC 6749 defines no error code for throttling.
 */
export function rateLimitedResponse(c: Context<AppEnv>, policyName: RateLimitPolicyName, policy: RateLimitPolicy, resetSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(resetSeconds));
  const baseUrl = c.get('baseUrl');
  const document = {
    ...problemDocument(baseUrl, c.req.path, {
      status: 429,
      code: 'rate_limited',
      title: 'Too many requests',
      detail: `The "${policyName}" policy admits ${policy.q} requests per ${policy.w} seconds; retry in ${seconds} seconds.`,
      // draft-ietf-httpapi-ratelimit-headers, quota-exceeded problem type: names the policies that were exceeded.
      extra: { 'violated-policies': [policyName] },
    }),
    type: `${baseUrl}/problems/quota-exceeded`,
  };
  return c.newResponse(JSON.stringify(document), 429, {
    'content-type': PROBLEM_CONTENT_TYPE,
    'cache-control': 'no-store',
    // RFC 9110 §10.2.3; never earlier than the window's reset, so a client obeying it is admitted.
    'retry-after': String(seconds),
    'ratelimit-policy': rateLimitPolicyField(policyName, policy),
    ratelimit: rateLimitField(policyName, 0, seconds),
  });
}

/** Identifies callers by a verified bearer; anything else (absent, invalid, a store error) is the IP. */
export function identifyByBearer(verifier: BearerVerifier): Identify {
  return async (c) => {
    const authorization = c.req.header('authorization');
    if (authorization === undefined) return null;
    try {
      const check = await verifier.verify(authorization);
      return check.kind === 'valid' ? check.principal.clientId : null;
    } catch {
      return null;
    }
  };
}

export interface RateLimitOptions {
  limiter: RateLimiter;
  policies: Readonly<Record<RateLimitPolicyName, RateLimitPolicy>>;
  identify?: Identify | undefined;
  /** told of every request refused with 429 (not of the sandbox's rehearsed ones), e.g. to count it */
  onLimited?: ((policyName: RateLimitPolicyName) => void) | undefined;
}

/** Meters every request its policy covers (policy-for.ts) and adds the RateLimit fields to the answer. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const { limiter, policies, identify, onLimited } = options;
  return async (c, next) => {
    const policyName = policyFor(c.req.method, c.req.path);
    if (policyName === null) return next();
    const policy = policies[policyName];
    // Credential minting is always per IP: a client must not mint its way to a fresh quota.
    const clientId = policyName === 'register' || !identify ? null : await identify(c);
    const ip = c.get('clientIp') ?? UNKNOWN_IP;
    const subject = subjectKey(clientId, ip);
    const outcome =
      takeHandedOffOutcome(c, policyName, subject) ??
      (STORING_POLICIES.has(policyName) && clientId !== null ? await checkClientAndIp(limiter, policyName, subject, subjectKey(null, ip)) : await limiter.check(policyName, subject));
    switch (outcome.kind) {
      case 'limited':
        onLimited?.(policyName);
        return rateLimitedResponse(c, policyName, policy, outcome.decision.resetSeconds);
      case 'unavailable':
        return problem(
          c,
          { status: 503, code: 'temporarily_unavailable', title: 'Service unavailable', detail: 'Issuing credentials is paused for a moment; retry shortly.' },
          { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) },
        );
      case 'unmetered':
        return next();
      case 'admitted': {
        const fields = { 'ratelimit-policy': rateLimitPolicyField(policyName, policy), ratelimit: rateLimitField(policyName, outcome.decision.remaining, outcome.decision.resetSeconds) };
        // Announced, so a cached read answers with them in one step (response-headers.ts).
        announceResponseHeaders(c, fields);
        await next();
        // A handler that already answered with RateLimit fields (the sandbox rehearsing a 429) keeps its own.
        if (!answeredWithAnnouncedHeaders(c) && !c.res.headers.has('ratelimit')) applyResponseHeaders(c, fields);
      }
    }
  };
}

/** Policies whose requests can store data: REST writes and MCP (its submit_inquiry tool). */
const STORING_POLICIES: ReadonlySet<RateLimitPolicyName> = new Set(['writes', 'mcp']);

/**
 * Writes store inquiries, and /api/v1/keys hands out keys for free: metered per client alone,
 * one IP holding N keys would write N times its quota. So a request of a storing policy with a
 * verified bearer spends both its client's and its IP's quota, is admitted only if both admit
 * it, and reports the stricter of the two.
 */
async function checkClientAndIp(limiter: RateLimiter, policyName: RateLimitPolicyName, clientSubject: string, ipSubject: string): Promise<LimitOutcome> {
  const [client, ip] = await Promise.all([limiter.check(policyName, clientSubject), limiter.check(policyName, ipSubject)]);
  return stricter(client, ip);
}

/** A refusal beats an admission; of two admissions, the one with fewer requests left; a failed store defers to the other. */
function stricter(a: LimitOutcome, b: LimitOutcome): LimitOutcome {
  const rank = (o: LimitOutcome): number => ({ limited: 0, unavailable: 1, admitted: 2, unmetered: 3 })[o.kind];
  if (rank(a) !== rank(b)) return rank(a) < rank(b) ? a : b;
  return a.kind === 'admitted' && b.kind === 'admitted' && b.decision.remaining < a.decision.remaining ? b : a;
}

export interface RateLimits {
  middleware: MiddlewareHandler<AppEnv>;
  /** null when RATE_LIMITS_ENABLED=false */
  store: RateLimitStore | null;
  /** the limiter the middleware meters with (the fast lane meters with it too); null when off */
  limiter: RateLimiter | null;
  close(): Promise<void>;
}

export interface RateLimitDeps {
  config: Config;
  store: Store;
  clock: Clock;
  logger: LimiterLogger;
  identify?: Identify;
  onLimited?: (policyName: RateLimitPolicyName) => void;
}

/** Builds the limiter over the store the configuration selects; a pass-through when limits are off. */
export function createRateLimits(deps: RateLimitDeps): RateLimits {
  if (!deps.config.rateLimitsEnabled) return { middleware: (_c, next) => next(), store: null, limiter: null, close: async () => {} };
  const store = createRateLimitStore(deps.config, deps.store, deps.clock);
  const limiter = new RateLimiter({ store, policies: deps.config.rateLimits, clock: deps.clock, logger: deps.logger });
  return { middleware: rateLimit({ limiter, policies: deps.config.rateLimits, identify: deps.identify, onLimited: deps.onLimited }), store, limiter, close: () => store.close() };
}
