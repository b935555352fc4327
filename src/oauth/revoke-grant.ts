import type { OAuthContext } from './context.js';

/**
 * Ends an authorization grant: its refresh tokens and every access token issued from it. Used
 * when a code is replayed (RFC 6749 §4.1.2), a rotated refresh token is reused (RFC 9700
 * §4.14.2), or a refresh token or an API key is revoked (RFC 7009 §2.1). A replay or reuse is
 * logged as a warning; a revocation the holder asked for is `requested`, logged as information.
 */
export async function revokeGrant(ctx: OAuthContext, grantId: string, reason: string, requested = false): Promise<void> {
  const now = ctx.clock.now();
  const refreshed = await ctx.store.refreshTokens.revokeGrant(grantId, now);
  const hashes = await ctx.store.credentials.revokeGrant(grantId, now);
  for (const hash of hashes) ctx.verifier.forget(hash);
  ctx.logger[requested ? 'info' : 'warn']({ event: 'grant_revoked', grant_id: grantId, reason, refresh_tokens: refreshed, access_tokens: hashes.length }, 'authorization grant revoked');
}
