import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../lib/errors.js';
import type { OwnerTokens } from '../../owner/owner-tokens.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The admin API accepts owner API tokens only (`vt_own_…`, scope `admin`). RFC 6750 §3.1: no
 * token is 401 without an error code; anything else — a public access token or API key, a
 * revoked token, one of a removed owner — is 401 invalid_token. The challenge names the admin
 * realm, not the OAuth protected resource: these tokens come from the owner's inbox, never
 * from /oauth.
 */
export function ownerTokenAuth(tokens: OwnerTokens): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (authorization === undefined) {
      return problem(
        c,
        { status: 401, code: ERROR_CODES.unauthorized, title: 'Authentication required', detail: 'The admin API needs an owner API token (create one in /admin/tokens, or with `vitrine owner token create`).' },
        { 'www-authenticate': 'Bearer realm="vitrine admin"' },
      );
    }
    const match = BEARER.exec(authorization.trim());
    const check = match ? await tokens.verify(match[1]!) : { kind: 'invalid' as const };
    if (check.kind !== 'valid') {
      return problem(
        c,
        { status: 401, code: ERROR_CODES.invalidToken, title: 'Invalid token', detail: 'This is not a live owner API token. Public access tokens and API keys do not open the admin API.' },
        { 'www-authenticate': 'Bearer realm="vitrine admin", error="invalid_token"' },
      );
    }
    c.set('owner', { email: check.email, hash: check.tokenId, expiresAt: Number.POSITIVE_INFINITY });
    await next();
  };
}
