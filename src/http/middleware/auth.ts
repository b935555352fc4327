import { ERROR_CODES } from '../../lib/errors.js';
import type { Context, MiddlewareHandler } from 'hono';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { bearerChallenge } from '../../oauth/challenge.js';
import type { Scope } from '../../model/principal.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';

/**
 * RFC 6750 §3.1: a bearer that is present but malformed, unknown, expired or revoked — or an
 * Authorization header with another scheme — is `invalid_token` (401), never anonymous.
 */
export function invalidTokenResponse(c: Context<AppEnv>): Response {
  return problem(
    c,
    {
      status: 401,
      code: ERROR_CODES.invalidToken,
      title: 'Invalid token',
      detail: 'The bearer token is malformed, unknown, expired or revoked. Obtain a new one (see /auth.md) or send the request without an Authorization header.',
    },
    { 'www-authenticate': bearerChallenge(c.get('baseUrl'), 'invalid_token') },
  );
}

/** RFC 6750 §3.1: no credential on a path that needs one; the challenge carries no error code. */
function missingTokenResponse(c: Context<AppEnv>): Response {
  return problem(
    c,
    { status: 401, code: ERROR_CODES.unauthorized, title: 'Authentication required', detail: 'This operation needs a bearer token; see /auth.md for how to get one.' },
    { 'www-authenticate': bearerChallenge(c.get('baseUrl')) },
  );
}

/**
 * Sets `principal` from `Authorization: Bearer …`. A missing header is anonymous (`null`) unless
 * `required`; anything present but not a live credential gets the invalid_token 401.
 */
export function authenticate(verifier: BearerVerifier, options: { required?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const check = await verifier.verify(c.req.header('authorization'));
    switch (check.kind) {
      case 'anonymous':
        if (options.required) return missingTokenResponse(c);
        c.set('principal', null);
        break;
      case 'valid':
        c.set('principal', check.principal);
        break;
      case 'invalid':
        return invalidTokenResponse(c);
    }
    await next();
  };
}

/** RFC 6750 §3.1: a principal without `scope` gets 403 insufficient_scope; anonymous callers pass. */
export function requireScope(scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (principal && !principal.scopes.has(scope)) {
      return problem(
        c,
        { status: 403, code: ERROR_CODES.insufficientScope, title: 'Insufficient scope', detail: `This operation needs the scope "${scope}"; request a token that includes it.` },
        { 'www-authenticate': bearerChallenge(c.get('baseUrl'), 'insufficient_scope', { scope }) },
      );
    }
    await next();
  };
}
