import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { RateLimitPolicyName } from '../config.js';
import type { LimitOutcome } from '../ratelimit/limiter.js';

/**
 * A request the fast lane (fast-lane.ts) already metered but then hands to Hono (rate-limited,
 * or its cached entry went stale while the counter store answered) carries the lane's outcome
 * on its node request, so the rate-limit middleware uses it instead of spending a second request
 * of the caller's quota: every request is counted exactly once, whichever path answers it.
 */
const HANDED_OFF = Symbol('rate-limit outcome decided by the fast lane');

interface HandOff {
  policyName: RateLimitPolicyName;
  subject: string;
  outcome: LimitOutcome;
}

type Carrier = IncomingMessage & { [HANDED_OFF]?: HandOff };

export function handOffOutcome(incoming: IncomingMessage, handOff: HandOff): void {
  (incoming as Carrier)[HANDED_OFF] = handOff;
}

/** The lane's outcome for this request, if it metered the same policy and subject; used at most once. */
export function takeHandedOffOutcome(c: Context, policyName: RateLimitPolicyName, subject: string): LimitOutcome | undefined {
  const incoming = (c.env as { incoming?: Carrier } | undefined)?.incoming;
  const handOff = incoming?.[HANDED_OFF];
  if (handOff === undefined) return undefined;
  delete incoming![HANDED_OFF];
  return handOff.policyName === policyName && handOff.subject === subject ? handOff.outcome : undefined;
}
