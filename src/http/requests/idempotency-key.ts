import type { Context } from 'hono';
import { parseIdempotencyKey } from '../../idempotency/key.js';

/** The request's Idempotency-Key, parsed (a malformed one throws the 400 validation error); undefined when absent. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const raw = c.req.header('idempotency-key');
  return raw === undefined ? undefined : parseIdempotencyKey(raw);
}

/** draft-ietf-httpapi-idempotency-key-header: a replayed answer says so. */
export function replayedHeaders(replayed: boolean): Record<string, string> {
  return replayed ? { 'idempotent-replayed': 'true' } : {};
}
