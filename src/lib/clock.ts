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

/** Bytes drawn from the CSPRNG at a time for small requests. */
const POOL_BYTES = 4096;

/**
 * The CSPRNG, drawn POOL_BYTES at a time for requests of up to 256 bytes (ids, token values,
 * IVs): one randomBytes call per id cost ~4 µs, most of it the call itself, several times per
 * inquiry and token (issue 17). Each caller gets its own copy and the pool's bytes are zeroed
 * as they are handed out, so the pool never holds a secret that is in use.
 */
function pooledRandom(): Random {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return {
    bytes(n) {
      if (n > 256) return randomBytes(n);
      if (offset + n > pool.length) {
        pool = randomBytes(POOL_BYTES);
        offset = 0;
      }
      const out = Buffer.from(pool.subarray(offset, offset + n));
      pool.fill(0, offset, offset + n);
      offset += n;
      return out;
    },
  };
}

export const cryptoRandom: Random = pooledRandom();

/** RFC 3339 UTC at second precision, e.g. 2026-01-01T00:00:00Z. */
export function toRfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A prefixed, URL-safe random identifier such as `prj_3kT9…`. */
export function newId(random: Random, prefix: string, bytes = 12): string {
  return `${prefix}_${random.bytes(bytes).toString('base64url')}`;
}

/** Base 62 in ASCII order: ids compare as their times do in byte order (SQLite, PostgreSQL under C collation). */
const ORDERED_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 8 digits: milliseconds since 1970 until the year 8888 (62^8 ms; UUIDv7's 48 bits reach 10889). */
export const TIME_DIGITS = 8;

/**
 * newId with its creation time (`atMs`, in letters and digits) in front, as UUIDv7 does (RFC
 * 9562 §5.7; §2 on why: a random key lands anywhere in an index, a time-ordered one next to the
 * last). For rows written at a high rate and kept: an inquiry's id is the key of its table, of
 * its idempotency record's `resource` index and its notifications' one. With random ids each
 * inquiry dirtied pages all over those B-trees, and every commit wrote them to the WAL (issue
 * 17). The random part is as long as newId's; the time it reveals is the `created_at` its owner
 * sees anyway.
 */
export function newTimeOrderedId(atMs: number, random: Random, prefix: string, bytes = 12): string {
  let time = '';
  let ms = Math.max(0, Math.floor(atMs));
  for (let i = 0; i < TIME_DIGITS; i++) {
    time = ORDERED_DIGITS[ms % 62]! + time;
    ms = Math.floor(ms / 62);
  }
  return `${prefix}_${time}${random.bytes(bytes).toString('base64url')}`;
}
