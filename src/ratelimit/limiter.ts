import type { RateLimitPolicy, RateLimitPolicyName } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { LogThrottle } from '../lib/log-throttle.js';
import { decide, windowAt, type LimitDecision } from './fixed-window.js';
import type { RateLimitStore } from './store.js';

/**
 * When the counter store fails, minting credentials and owner sign-in stop (a broken limiter must
 * not make free keys farmable or codes guessable) while reading the catalog, writing and MCP keep
 * working unmetered.
 */
export const FAIL_CLOSED_POLICIES: ReadonlySet<RateLimitPolicyName> = new Set(['register', 'auth', 'signin']);

export type LimitOutcome =
  | { kind: 'admitted'; decision: LimitDecision }
  | { kind: 'limited'; decision: LimitDecision }
  /** the store failed and this policy fails open */
  | { kind: 'unmetered' }
  /** the store failed and this policy fails closed */
  | { kind: 'unavailable' };

export interface LimiterLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  policies: Readonly<Record<RateLimitPolicyName, RateLimitPolicy>>;
  clock: Clock;
  logger: LimiterLogger;
  /** at most one store-failure log line per this interval, however many requests fail */
  failureLogIntervalMs?: number;
  /** told of every request the store failed to meter (a metric counts them; the log is throttled) */
  onStoreFailure?: (policyName: RateLimitPolicyName, failClosed: boolean) => void;
}

export class RateLimiter {
  private readonly failureLog: LogThrottle;

  constructor(private readonly options: RateLimiterOptions) {
    this.failureLog = new LogThrottle(options.failureLogIntervalMs ?? 30_000, () => options.clock.now());
  }

  /** Spends one request of `policyName` for `subject` (see subject.ts) and says whether it is admitted. */
  async check(policyName: RateLimitPolicyName, subject: string): Promise<LimitOutcome> {
    const policy = this.options.policies[policyName];
    const now = this.options.clock.now();
    const window = windowAt(now, policy);
    try {
      return outcomeOf(await this.options.store.hit(`${policyName}:${subject}`, window.startMs, policy.w * 1000), policy, window, now);
    } catch (error) {
      return this.failed(error, policyName);
    }
  }

  /**
   * `check` without a turn of the event loop, for stores that live in this process (the
   * in-memory one); null when the store can only answer asynchronously. The fast lane uses it
   * so a cached read is written in the same tick it was parsed.
   */
  checkNow(policyName: RateLimitPolicyName, subject: string): LimitOutcome | null {
    const { store } = this.options;
    if (store.hitNow === undefined) return null;
    const policy = this.options.policies[policyName];
    const now = this.options.clock.now();
    const window = windowAt(now, policy);
    try {
      return outcomeOf(store.hitNow(`${policyName}:${subject}`, window.startMs, policy.w * 1000), policy, window, now);
    } catch (error) {
      return this.failed(error, policyName);
    }
  }

  private failed(error: unknown, policyName: RateLimitPolicyName): LimitOutcome {
    const failClosed = FAIL_CLOSED_POLICIES.has(policyName);
    this.options.onStoreFailure?.(policyName, failClosed);
    this.logFailure(error, policyName, failClosed);
    return failClosed ? { kind: 'unavailable' } : { kind: 'unmetered' };
  }

  private logFailure(error: unknown, policyName: RateLimitPolicyName, failClosed: boolean): void {
    this.failureLog.run((suppressedSinceLastLog) => {
      // The message and code only: a driver error object can carry connection details.
      const reason = error instanceof Error ? { message: error.message, code: (error as { code?: unknown }).code } : { message: String(error) };
      this.options.logger.error(
        { store: this.options.store.kind, policy: policyName, failClosed, reason, suppressedSinceLastLog },
        'rate-limit store failed: register/auth answer 503, reads/writes/mcp are admitted unmetered',
      );
    });
  }
}

function outcomeOf(count: number, policy: RateLimitPolicy, window: ReturnType<typeof windowAt>, now: number): LimitOutcome {
  const decision = decide(count, policy, window, now);
  return decision.allowed ? { kind: 'admitted', decision } : { kind: 'limited', decision };
}
