import type { Context, MiddlewareHandler, Next } from 'hono';
import type { Config, RateLimitPolicy, RateLimitPolicyName } from '../../config.js';
import { ERROR_CODES, ServiceUnavailableError } from '../../lib/errors.js';
import { PROBLEMS_PATH, QUOTA_EXCEEDED } from '../../lib/problem-types.js';
import type { Clock } from '../../lib/clock.js';
import { UNKNOWN_IP } from '../../lib/client-ip.js';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { createRateLimitStore } from '../../ratelimit/create-store.js';
import { rateLimitField, rateLimitFieldFor, rateLimitPolicyField } from '../../ratelimit/headers.js';
import { RateLimiter, type LimiterLogger, type LimitOutcome } from '../../ratelimit/limiter.js';
import { policyFor } from '../../ratelimit/policy-for.js';
import type { RateLimitStore } from '../../ratelimit/store.js';
import { subjectKey } from '../../ratelimit/subject.js';
import type { Store } from '../../store/ports/index.js';
import type { AppEnv } from '../env.js';
import { PROBLEM_CONTENT_TYPE, problemDocument } from '../responses/problem.js';
import { checkBearer } from '../requests/bearer-check.js';
import { hasHeader } from '../requests/header.js';
import { contributeResponseHeaders, respondWith } from '../responses/response-headers.js';

/**
 * Resolves the caller's client id from a verified credential, or null to fall back to the IP;
 * answers at once (not a promise) when there is no credential to verify.
 */
export type Identify = (c: Context<AppEnv>) => string | null | Promise<string | null>;

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
      code: ERROR_CODES.rateLimited,
      title: 'Too many requests',
      detail: `The "${policyName}" policy admits ${policy.q} requests per ${policy.w} seconds; retry in ${seconds} seconds.`,
      // draft-ietf-httpapi-ratelimit-headers, quota-exceeded problem type: names the policies that were exceeded.
      extra: { 'violated-policies': [policyName] },
    }),
    type: `${baseUrl}${PROBLEMS_PATH}/${QUOTA_EXCEEDED}`,
  };
  return respondWith(c, JSON.stringify(document), 429, {
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
  return (c) => {
    if (!hasHeader(c, 'authorization')) return null;
    return checkBearer(c, verifier).then(
      (check) => (check.kind === 'valid' ? check.principal.clientId : null),
      () => null,
    );
  };
}

export interface RateLimitOptions {
  limiter: RateLimiter;
  policies: Readonly<Record<RateLimitPolicyName, RateLimitPolicy>>;
  identify?: Identify | undefined;
  /** told of every request refused with 429 (not of the sandbox's rehearsed ones), e.g. to count it */
  onLimited?: ((policyName: RateLimitPolicyName) => void) | undefined;
  /** turns the 429 problem into what the caller reads, e.g. a page for a person's browser */
  present?: ((c: Context<AppEnv>, refusal: Response) => Response | Promise<Response>) | undefined;
}

/**
 * Meters every request its policy covers (policy-for.ts) and contributes the RateLimit fields to
 * the answer. An anonymous request on the in-process store is decided in the same tick, so the
 * hottest path (a public read) adds no await of its own.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const { limiter, policies, identify, onLimited, present } = options;
  const admittedFields = admittedFieldsOf(policies);

  const decide = (c: Context<AppEnv>, next: Next, policyName: RateLimitPolicyName, outcome: LimitOutcome) => {
    switch (outcome.kind) {
      case 'limited': {
        onLimited?.(policyName);
        const refusal = rateLimitedResponse(c, policyName, policies[policyName], outcome.decision.resetSeconds);
        return present ? present(c, refusal) : refusal;
      }
      case 'unavailable':
        // Rendered by the app's error renderer: problem+json, or RFC 6749 JSON on /oauth/*.
        throw new ServiceUnavailableError('Issuing credentials is paused for a moment; retry shortly.', UNAVAILABLE_RETRY_SECONDS);
      case 'unmetered':
        return next();
      case 'admitted':
        // `default`: a handler that answers with RateLimit fields of its own (the sandbox
        // rehearsing a 429) keeps them.
        contributeResponseHeaders(c, admittedFields(policyName, outcome.decision), 'default');
        return next();
    }
  };

  const metered = async (c: Context<AppEnv>, next: Next, policyName: RateLimitPolicyName, clientId: string | null, ip: string) => {
    const outcome = clientId !== null ? await checkClientAndIp(limiter, policyName, subjectKey(clientId, ip), subjectKey(null, ip)) : await limiter.check(policyName, subjectKey(null, ip));
    return decide(c, next, policyName, outcome);
  };

  return (c, next) => {
    const policyName = policyFor(c.req.method, c.req.path);
    if (policyName === null) return next();
    const ip = c.get('clientIp') ?? UNKNOWN_IP;
    // Minting credentials, getting tokens and owner sign-in are metered per IP alone: a free key
    // must not buy a fresh quota of them (CLIENT_METERED).
    const identified = !CLIENT_METERED.has(policyName) || !identify ? null : identify(c);
    if (identified !== null) return Promise.resolve(identified).then((clientId) => metered(c, next, policyName, clientId, ip));
    const now = limiter.checkNow(policyName, subjectKey(null, ip));
    if (now === null) return metered(c, next, policyName, null, ip);
    return decide(c, next, policyName, now) as ReturnType<MiddlewareHandler>;
  };
}

/** The RateLimit fields of an admitted request, or undefined: the middleware must decide. */
export type Admission = (method: string, path: string, ip: string) => Readonly<Record<string, string>> | undefined;

/**
 * rateLimit()'s decision for a request without a bearer, taken in this tick, for the
 * cached-read lane (cached-read-lane.ts): the RateLimit fields the answer carries ({} when the
 * request is not metered), or undefined when the middleware must decide — the store answers only
 * asynchronously (nothing is spent then), or the request is refused (the middleware counts it
 * once more and answers the 429: one more hit on an exhausted window changes nothing).
 */
export function anonymousAdmission(options: Pick<RateLimitOptions, 'limiter' | 'policies'>): Admission {
  const { limiter, policies } = options;
  const admittedFields = admittedFieldsOf(policies);
  return (method, path, ip) => {
    const policyName = policyFor(method, path);
    if (policyName === null) return NO_FIELDS;
    const outcome = limiter.checkNow(policyName, subjectKey(null, ip));
    if (outcome?.kind === 'unmetered') return NO_FIELDS;
    if (outcome?.kind !== 'admitted') return undefined;
    return admittedFields(policyName, outcome.decision);
  };
}

const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({});

/** The RateLimit and RateLimit-Policy fields of an admitted request, the policy's part computed once. */
function admittedFieldsOf(policies: Readonly<Record<RateLimitPolicyName, RateLimitPolicy>>): (name: RateLimitPolicyName, decision: { remaining: number; resetSeconds: number }) => Record<string, string> {
  const policyFields = Object.fromEntries(Object.entries(policies).map(([name, policy]) => [name, rateLimitPolicyField(name, policy)])) as Record<RateLimitPolicyName, string>;
  const stateFields = Object.fromEntries(Object.keys(policies).map((name) => [name, rateLimitFieldFor(name)])) as Record<RateLimitPolicyName, ReturnType<typeof rateLimitFieldFor>>;
  return (name, decision) => ({ 'ratelimit-policy': policyFields[name], ratelimit: stateFields[name](decision.remaining, decision.resetSeconds) });
}

/** Policies a verified bearer is metered under as well as its IP: reads, REST writes and MCP. */
const CLIENT_METERED: ReadonlySet<RateLimitPolicyName> = new Set(['reads', 'writes', 'mcp']);

/**
 * /api/v1/keys hands out keys for free: metered per client alone, one IP holding N keys would
 * read, write or sign in N times its quota. So a request with a verified bearer spends both its
 * client's and its IP's quota (CLIENT_METERED policies; the others are per IP alone), is
 * admitted only if both admit it, and reports the stricter of the two.
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
  /** the limiter the middleware meters with (the sign-in and consent routes meter with it too); null when off */
  limiter: RateLimiter | null;
  /** the middleware's decision for an anonymous request in this tick (anonymousAdmission) */
  admitNow: Admission;
  close(): Promise<void>;
}

export interface RateLimitDeps {
  config: Config;
  store: Store;
  clock: Clock;
  logger: LimiterLogger;
  identify?: Identify;
  onLimited?: (policyName: RateLimitPolicyName) => void;
  onStoreFailure?: (policyName: RateLimitPolicyName, failClosed: boolean) => void;
  present?: RateLimitOptions['present'];
}

/** Builds the limiter over the store the configuration selects; a pass-through when limits are off. */
export function createRateLimits(deps: RateLimitDeps): RateLimits {
  if (!deps.config.rateLimitsEnabled) return { middleware: (_c, next) => next(), store: null, limiter: null, admitNow: () => NO_FIELDS, close: async () => {} };
  const store = createRateLimitStore(deps.config, deps.store, deps.clock);
  const limiter = new RateLimiter({ store, policies: deps.config.rateLimits, clock: deps.clock, logger: deps.logger, onStoreFailure: deps.onStoreFailure });
  return {
    middleware: rateLimit({ limiter, policies: deps.config.rateLimits, identify: deps.identify, onLimited: deps.onLimited, present: deps.present }),
    store,
    limiter,
    admitNow: anonymousAdmission({ limiter, policies: deps.config.rateLimits }),
    close: () => store.close(),
  };
}
