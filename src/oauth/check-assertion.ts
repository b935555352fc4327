import { describeAssertionFailure, verifyAssertion, type AssertionClaims, type AssertionKind } from './assertions.js';
import type { OAuthContext } from './context.js';
import { InvalidGrantError, TemporarilyUnavailableError } from './oauth-error.js';

/** How long a client is told to wait when a trusted issuer's JWKS cannot be fetched. */
const KEYS_RETRY_SECONDS = 30;

/**
 * Verifies an assertion, or throws invalid_grant naming the failed check. Nothing is spent yet:
 * the caller decides scope and resource first, then calls {@link spendAssertion}.
 */
export async function checkAssertion(ctx: OAuthContext, jwt: string, kind: AssertionKind, clientId?: string): Promise<AssertionClaims> {
  const result = await verifyAssertion(jwt, ctx.trusted, { kind, audience: ctx.issuer, nowMs: ctx.clock.now(), clientId });
  if (!result.ok) {
    ctx.logger.info({ event: 'assertion_rejected', kind, reason: result.reason }, 'assertion rejected');
    // The issuer's keys could not be fetched: our dependency failed, not the client's grant.
    if (result.reason === 'keys_unavailable') throw new TemporarilyUnavailableError(describeAssertionFailure(result.reason), KEYS_RETRY_SECONDS);
    throw new InvalidGrantError(describeAssertionFailure(result.reason, result.claim));
  }
  return result.claims;
}

/**
 * Consumes a verified assertion's `jti` in shared storage (single use across all instances), or
 * throws invalid_grant. Called once the request is otherwise granted: a request refused for its
 * scope or resource (RFC 6749 §5.2 invalid_scope, RFC 8707 §2 invalid_target) spends nothing,
 * so the client may correct it and retry with the same assertion.
 */
export async function spendAssertion(ctx: OAuthContext, kind: AssertionKind, claims: AssertionClaims): Promise<void> {
  const fresh = await ctx.store.assertions.useOnce(claims.iss, claims.jti, (claims.exp + 60) * 1000, ctx.clock.now());
  if (!fresh) {
    ctx.logger.info({ event: 'assertion_rejected', kind, reason: 'replayed' }, 'assertion rejected');
    throw new InvalidGrantError(describeAssertionFailure('replayed'));
  }
}

/** Who an assertion names: the verified email, or `iss|sub` for an ID-JAG. */
export function assertionSubject(kind: AssertionKind, claims: AssertionClaims): string {
  return kind === 'verified_email' ? String(claims.email) : `${claims.iss}|${String(claims.sub)}`;
}

/** The ID-JAG `scope` claim caps what may be granted (draft identity-assertion-authz-grant §3). */
export function assertionScope(claims: AssertionClaims): string | undefined {
  return typeof claims.scope === 'string' ? claims.scope : undefined;
}
