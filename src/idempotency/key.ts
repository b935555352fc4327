import { hash } from 'node:crypto';
import { ValidationError } from '../lib/errors.js';

export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * draft-ietf-httpapi-idempotency-key-header §2: the value is an RFC 8941 sf-string
 * (`"…"`, with `\"` and `\\` escapes). Bare tokens are accepted too, since many clients send them.
 */
export function parseIdempotencyKey(raw: string): string {
  const invalid = (why: string) =>
    new ValidationError(`Idempotency-Key ${why}`, [{ path: 'header.Idempotency-Key', message: why }]);
  const value = raw.trim();
  let key: string;
  if (value.startsWith('"')) {
    // RFC 8941 §3.3.3: printable ASCII, with only \" and \\ as escapes.
    const match = /^"((?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/.exec(value);
    if (!match) throw invalid('must be a quoted string of printable ASCII or a bare token');
    key = match[1]!.replace(/\\(["\\])/g, '$1');
  } else {
    if (!/^[\x21\x23-\x7E]*$/.test(value)) throw invalid('must be a quoted string of printable ASCII or a bare token');
    key = value;
  }
  if (key.length === 0) throw invalid('must not be empty');
  if (key.length > IDEMPOTENCY_KEY_MAX) throw invalid(`must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
  return key;
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(body: unknown): string {
  return hash('sha256', canonicalJson(body), 'hex');
}

/** The record key: (principal or anonymous, method, path, key), hashed to a fixed size. */
export function idempotencyScopeKey(principal: string, method: string, path: string, key: string): string {
  return hash('sha256', JSON.stringify([principal, method, path, key]), 'hex');
}
