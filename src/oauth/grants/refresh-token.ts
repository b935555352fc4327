import { GRANT_REFRESH_TOKEN } from '../identifiers.js';
import { issueWithRefresh } from '../issue.js';
import { InvalidGrantError, InvalidRequestError, InvalidTargetError } from '../oauth-error.js';
import { resolveResource } from '../resources.js';
import { revokeGrant } from '../revoke-grant.js';
import { resolveScope } from '../scopes.js';
import { hashSecret } from '../tokens.js';
import type { OAuthContext } from '../context.js';
import type { Grant } from './grant.js';

const BAD_TOKEN = 'The refresh token is invalid, expired, revoked or was issued to another client.';

/**
 * RFC 6749 §6, rotated on every use (RFC 9700 §4.14.2): the old token stops working and a new
 * one of the same family is returned. A rotated token presented again means it leaked, so the
 * whole family — refresh tokens and the access tokens they produced — is revoked.
 */
export const refreshToken: Grant = {
  type: GRANT_REFRESH_TOKEN,
  async exchange(ctx, { params }, client) {
    if (!params.refresh_token) throw new InvalidRequestError('The "refresh_token" parameter is required.');
    const now = ctx.clock.now();
    const hash = hashSecret(params.refresh_token);
    const token = await ctx.store.refreshTokens.find(hash);
    if (!token || token.client_id !== client.client_id) throw new InvalidGrantError(BAD_TOKEN);
    if (token.used_at !== null) return reused(ctx, token.grant_id, hash);
    if (token.revoked_at !== null || token.expires_at <= now) throw new InvalidGrantError(BAD_TOKEN);
    // Checked before the token is spent: a refused request rotates nothing, so its retry is no reuse.
    // RFC 6749 §6: the scope may be narrowed, never widened beyond the original grant.
    const scope = resolveScope(params.scope, client.scope, token.scope);
    let resource = token.resource;
    if (params.resource !== undefined) {
      const asked = resolveResource(ctx.issuer, [params.resource]);
      if (token.resource !== null && asked !== token.resource) throw new InvalidTargetError('The resource differs from the one this grant was consented for.');
      resource = asked;
    }
    // One statement decides which of two racing refreshes spends it; the other is a reuse.
    const used = await ctx.store.refreshTokens.use(hash, now);
    if (!used?.firstUse) return reused(ctx, token.grant_id, hash);
    const issued = await issueWithRefresh(ctx, { client, scope, identityType: token.identity_type, subject: token.subject, resource, grantId: token.grant_id }, { scope: token.scope, resource: token.resource }, GRANT_REFRESH_TOKEN);
    // A reuse racing this refresh (the same token sent twice at once) may have revoked the family
    // between `use` and the inserts above, before these tokens existed. The reuse marks the spent
    // token revoked before it revokes the family, so either that mark is seen here (and these
    // tokens are revoked now) or the family's revocation came after the inserts and caught them.
    if ((await ctx.store.refreshTokens.find(hash))?.revoked_at != null) return reused(ctx, token.grant_id, hash);
    return issued;
  },
};

/**
 * RFC 9700 §4.14.2: a rotated token presented again has leaked; the whole family is revoked —
 * on every reuse, not only the first: a token issued since (by a refresh racing the first
 * reuse) must not survive the next.
 */
async function reused(ctx: OAuthContext, grantId: string, hash: string): Promise<never> {
  await ctx.store.refreshTokens.revoke(hash, ctx.clock.now());
  await revokeGrant(ctx, grantId, 'refresh_token_reused');
  throw new InvalidGrantError(BAD_TOKEN);
}
