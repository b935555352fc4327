import type { Scope } from '../../model/principal.js';

/**
 * What a route declares about itself in its OpenAPI operation; decorate.ts adds the shared parts
 * (the Idempotency-Key parameter, 401/403/409/422 answers) from these declarations, never from
 * a route's path.
 */

/** Marks an operation that takes `Idempotency-Key` (the generic layer in src/idempotency/). */
export const IDEMPOTENT_MARK = 'x-vitrine-idempotent';
export const IDEMPOTENT = { [IDEMPOTENT_MARK]: true } as const;

/**
 * Marks an endpoint of the authorization server: every error it answers, 5xx included, is RFC
 * 6749 §5.2 JSON (`server_error`, `temporarily_unavailable`), never problem+json.
 */
export const OAUTH_ENDPOINT_MARK = 'x-vitrine-oauth-endpoint';
export const OAUTH_ENDPOINT = { [OAUTH_ENDPOINT_MARK]: true } as const;

/**
 * The API's reads and key minting: no credential needed (the empty requirement), but a bearer
 * that is sent must be live, or the answer is the invalid_token 401 (docs/design.md §1).
 */
export const BEARER_CHECKED = { security: [{}, { bearer: [] }] as Record<string, string[]>[] };

/**
 * Seed §1: writes take an optional bearer. The empty requirement first says anonymous calls
 * are allowed; `scopes` are what the oauth2 scheme needs (none for MCP, whose tools decide).
 */
export function optionalBearer(scopes: readonly Scope[]): { security: Record<string, string[]>[] } {
  return { security: [{}, { bearer: [] }, { oauth2: [...scopes] }] };
}

/** A bearer is required (reading back one's own inquiry). */
export const REQUIRED_BEARER = { security: [{ bearer: [] }] as Record<string, string[]>[] };

/**
 * Marks the sandbox write whose `Sandbox-Scenario` request header rehearses failures: every error
 * answer may then carry the `Sandbox-Scenario` response header that marks it as simulated.
 */
export const SANDBOX_REHEARSALS_MARK = 'x-vitrine-sandbox-rehearsals';
export const SANDBOX_REHEARSALS = { [SANDBOX_REHEARSALS_MARK]: true } as const;
