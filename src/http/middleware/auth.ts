import { ERROR_CODES } from '../../lib/errors.js';
import type { Context, MiddlewareHandler } from 'hono';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { bearerChallenge, type ResourceName } from '../../oauth/challenge.js';
import { apiResource, mcpResource, tokenServes } from '../../oauth/resources.js';
import { ALL_SCOPES, type Scope } from '../../model/principal.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';
import { checkBearer } from '../requests/bearer-check.js';
import { hasHeader } from '../requests/header.js';

/**
 * RFC 6750 §3.1: a bearer that is present but malformed, unknown, expired or revoked — or an
 * Authorization header with another scheme — is `invalid_token` (401), never anonymous.
 */
export function invalidTokenResponse(c: Context<AppEnv>, resource: ResourceName = 'api', detail = 'The bearer token is malformed, unknown, expired or revoked. Obtain a new one (see /auth.md) or send the request without an Authorization header.'): Response {
  // MCP 2025-11-25 authorization §"Scope Selection Strategy": the MCP challenge SHOULD name the
  // scopes to ask for. The API's challenge is the exact value docs/design.md §4 gives.
  const scope = resource === 'mcp' ? ALL_SCOPES : undefined;
  return problem(c, { status: 401, code: ERROR_CODES.invalidToken, title: 'Invalid token', detail }, { 'www-authenticate': bearerChallenge(c.get('baseUrl'), 'invalid_token', { resource, ...(scope ? { scope } : {}) }) });
}

/** RFC 8707 §2 / RFC 6750 §3.1: a token issued for the other resource is not valid here. */
const OTHER_RESOURCE = 'The bearer token was issued for another resource (RFC 8707). Request a token whose resource is this endpoint, or one without a resource.';

/** RFC 6750 §3.1: no credential on a path that needs one; the challenge carries no error code. */
function missingTokenResponse(c: Context<AppEnv>, resource: ResourceName): Response {
  return problem(
    c,
    { status: 401, code: ERROR_CODES.unauthorized, title: 'Authentication required', detail: 'This operation needs a bearer token; see /auth.md for how to get one.' },
    { 'www-authenticate': bearerChallenge(c.get('baseUrl'), undefined, { resource }) },
  );
}

/**
 * RFC 6750 §3.1: an Authorization header of another scheme (or `Bearer` alone) lacks any
 * authentication information this service takes, so the challenge carries no error code; the
 * request is still refused, never taken as anonymous.
 */
function noBearerResponse(c: Context<AppEnv>, resource: ResourceName): Response {
  return problem(
    c,
    { status: 401, code: ERROR_CODES.unauthorized, title: 'Authentication required', detail: 'The Authorization header carries no bearer token: send `Authorization: Bearer <token>` (see /auth.md), or no Authorization header to act anonymously.' },
    { 'www-authenticate': bearerChallenge(c.get('baseUrl'), undefined, { resource }) },
  );
}

/**
 * Sets `principal` from `Authorization: Bearer …`. A missing header is anonymous (`null`) unless
 * `required`; anything present but not a live credential gets the invalid_token 401.
 */
export function authenticate(verifier: BearerVerifier, options: { required?: boolean; resource?: ResourceName } = {}): MiddlewareHandler<AppEnv> {
  const resource = options.resource ?? 'api';
  return async (c, next) => {
    // Decided for this request already (bearerOnApi): only whether anonymous may pass is left.
    const decided = c.get('principal');
    if (decided !== undefined) {
      if (decided === null && options.required) return missingTokenResponse(c, resource);
      return next();
    }
    const check = await checkBearer(c, verifier);
    switch (check.kind) {
      case 'anonymous':
        if (options.required) return missingTokenResponse(c, resource);
        c.set('principal', null);
        break;
      case 'valid': {
        const base = c.get('baseUrl');
        if (!tokenServes(check.principal.resource, resource === 'mcp' ? mcpResource(base) : apiResource(base))) return invalidTokenResponse(c, resource, OTHER_RESOURCE);
        c.set('principal', check.principal);
        break;
      }
      case 'invalid':
        return check.reason === 'no_bearer' ? noBearerResponse(c, resource) : invalidTokenResponse(c, resource);
    }
    await next();
  };
}

/**
 * docs/design.md §1, "nothing is silently anonymous": a bearer on any API request — reads and key
 * minting too, not only writes — is verified, and one that is not a live credential gets the
 * invalid_token 401. No header, no await (the hot path). `skip` names paths with their own
 * credentials (the owners' admin API).
 */
export function bearerOnApi(verifier: BearerVerifier, skip: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  const auth = authenticate(verifier);
  return (c, next) => (hasHeader(c, 'authorization') && !skip(c.req.path) ? auth(c, next) : next());
}

/**
 * RFC 6750 §2.3 (a token in the URI) is not a method this service takes, and §5.3 advises
 * against it: URLs end up in logs and histories. A request sending one is told so rather than
 * served as anonymous (docs/design.md §1: nothing is silently anonymous). A substring test first:
 * this runs on every API request.
 */
export const noTokenInQuery: MiddlewareHandler<AppEnv> = (c, next) => (tokenInQuery(c) ? Promise.resolve(tokenInQueryResponse(c)) : next());

function tokenInQuery(c: Context<AppEnv>): boolean {
  const url = c.req.url;
  return url.includes('access_token') && new URL(url).searchParams.has('access_token');
}

function tokenInQueryResponse(c: Context<AppEnv>): Response {
  return problem(c, {
    status: 400,
    code: ERROR_CODES.badRequest,
    title: 'Token in the URL',
    detail: 'Tokens are not accepted in the query string (RFC 6750 §2.3, §5.3): send it as `Authorization: Bearer <token>`, and treat this token as exposed.',
  });
}

/** RFC 6750 §3.1: a principal without `scope` gets 403 insufficient_scope; anonymous callers pass. */
export function insufficientScopeResponse(c: Context<AppEnv>, scope: string, resource: ResourceName = 'api'): Response {
  return problem(
    c,
    { status: 403, code: ERROR_CODES.insufficientScope, title: 'Insufficient scope', detail: `This operation needs the scope "${scope}"; request a token that includes it.` },
    { 'www-authenticate': bearerChallenge(c.get('baseUrl'), 'insufficient_scope', { scope, resource }) },
  );
}

export function requireScope(scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (principal && !principal.scopes.has(scope)) return insufficientScopeResponse(c, scope);
    await next();
  };
}
