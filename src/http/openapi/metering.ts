import type { Config } from '../../config.js';
import { FAIL_CLOSED_POLICIES } from '../../ratelimit/limiter.js';
import { policyFor } from '../../ratelimit/policy-for.js';
import type { Metering } from './decorate.js';

/** The rate-limit middleware's own rule (policy-for.ts), so the document cannot disagree with it. */
export function meteringFor(config: Config): (method: string, path: string) => Metering | null {
  return (method, path) => {
    if (!config.rateLimitsEnabled) return null;
    const name = policyFor(method, path);
    if (name === null) return null;
    const policy = config.rateLimits[name];
    return { name, q: policy.q, w: policy.w, failClosed: FAIL_CLOSED_POLICIES.has(name) };
  };
}
