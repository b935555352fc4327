import type { Context } from 'hono';
import { ERROR_CODES } from '../../lib/errors.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';

/**
 * RFC 9110 §13.1.1: If-Match (`*` or any entity tag) is false for a target that has no current
 * representation, and the origin MUST NOT perform the method then: a 412 before the request
 * content is read (§13.2.1). For write targets nobody can GET, such as a collection that only
 * takes POST. (If-None-Match is true there, so it lets the write through.)
 */
export function ifMatchWithoutRepresentation(c: Context<AppEnv>, retry: string): Response | undefined {
  if (c.req.header('if-match') === undefined) return undefined;
  return problem(c, {
    status: 412,
    code: ERROR_CODES.preconditionFailed,
    title: 'Precondition failed',
    detail: `If-Match names a current representation, and ${c.req.path} has none, so the request was not performed. Send it without If-Match; ${retry}`,
  });
}
