import { hash } from 'node:crypto';
import { z } from 'zod';
import { BoundedMap } from '../lib/bounded-map.js';
import { ValidationError } from '../lib/errors.js';
import type { PagePosition, ProjectQuery } from '../store/ports/index.js';

/**
 * Opaque page cursors: base64url JSON holding where the last page ended and a digest of the
 * query it belongs to, so a cursor replayed against another query is rejected, not misread.
 */
const cursorSchema = z.object({
  v: z.literal(1),
  f: z.string(),
  p: z.union([
    z.object({ kind: z.literal('keyset'), value: z.union([z.string(), z.number()]), id: z.string() }),
    z.object({ kind: z.literal('offset'), offset: z.number().int().min(0).max(100_000) }),
  ]),
});

/** Digests of recent queries: one SHA-256 per distinct query, not one per request. */
const digests = new BoundedMap<string, string>(1000);

/** `scope` names the catalog when more than one is served; the real one's digests stay as they were. */
export function queryDigest(query: Omit<ProjectQuery, 'after' | 'limit'>, scope?: string): string {
  const fields = [query.q ?? null, query.tag ?? null, query.industry ?? null, query.service ?? null, query.technology ?? null, query.year ?? null, query.featured ?? null, query.sort];
  const canonical = JSON.stringify(scope === undefined ? fields : [scope, ...fields]);
  let digest = digests.get(canonical);
  if (digest === undefined) {
    digest = hash('sha256', canonical, 'base64url').slice(0, 12);
    digests.set(canonical, digest);
  }
  return digest;
}

export function encodeCursor(position: PagePosition, digest: string): string {
  return Buffer.from(JSON.stringify({ v: 1, f: digest, p: position })).toString('base64url');
}

export function decodeCursor(cursor: string, digest: string): PagePosition {
  const invalid = (message: string) => new ValidationError(message, [{ path: 'cursor', message }]);
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid('cursor is malformed; pass next_cursor from a previous page unchanged');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor is malformed; pass next_cursor from a previous page unchanged');
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw invalid('cursor is malformed; pass next_cursor from a previous page unchanged');
  if (result.data.f !== digest) throw invalid('cursor belongs to a different query; repeat the same q, filters and sort with it');
  return result.data.p;
}
