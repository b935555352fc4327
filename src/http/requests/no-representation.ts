import type { Context } from 'hono';
import { PreconditionFailedError } from '../../lib/errors.js';
import type { AppEnv } from '../env.js';

/**
 * RFC 9110 §13.1.1: If-Match (`*` or any entity tag) is false for a target that has no current
 * representation, and the origin MUST NOT perform the method then: a 412 before the request
 * content is read (§13.2.1). For write targets nobody can GET, such as a collection that only
 * takes POST. (If-None-Match is true there, so it lets the write through.)
 */
export function refuseIfMatchWithoutRepresentation(c: Context<AppEnv>, retry: string): void {
  if (c.req.header('if-match') === undefined) return;
  throw new PreconditionFailedError(`If-Match names a current representation, and ${c.req.path} has none, so the request was not performed. Send it without If-Match; ${retry}`);
}
