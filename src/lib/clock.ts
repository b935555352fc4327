import { randomBytes } from 'node:crypto';

/** Injected time source: tests drive it, production reads the system clock. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can move by hand; no test ever sleeps. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.parse('2026-01-01T00:00:00Z')) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
}

/** Injected randomness: the only source of identifiers and secrets. */
export interface Random {
  bytes(n: number): Buffer;
}

export const cryptoRandom: Random = { bytes: (n) => randomBytes(n) };

/** RFC 3339 UTC at second precision, e.g. 2026-01-01T00:00:00Z. */
export function toRfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A prefixed, URL-safe random identifier such as `prj_3kT9…`. */
export function newId(random: Random, prefix: string, bytes = 12): string {
  return `${prefix}_${random.bytes(bytes).toString('base64url')}`;
}
