import type { Context } from 'hono';
import type { BearerCheck, BearerVerifier } from '../../oauth/bearer.js';
import type { AppEnv } from '../env.js';

/**
 * The request's `Authorization` header verified once: the rate limiter (to meter the client) and
 * the authentication middleware (to admit or refuse it) both ask, and share the one answer.
 */
export function checkBearer(c: Context<AppEnv>, verifier: BearerVerifier): Promise<BearerCheck> {
  let check = c.get('bearerCheck');
  if (check === undefined) {
    check = verifier.verify(c.req.header('authorization'));
    c.set('bearerCheck', check);
  }
  return check;
}
