import { GRANT_REFRESH_TOKEN } from '../identifiers.js';
import { issueWithRefresh } from '../issue.js';
import { InvalidGrantError, InvalidRequestError, InvalidTargetError } from '../oauth-error.js';
import { resolveResource } from '../resources.js';
import { revokeGrant } from '../revoke-grant.js';
import { resolveScope } from '../scopes.js';
import { hashSecret } from '../tokens.js';
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
    const used = await ctx.store.refreshTokens.use(hashSecret(params.refresh_token), now);
    if (!used) throw new InvalidGrantError(BAD_TOKEN);
    const token = used.record;
    if (token.client_id !== client.client_id) throw new InvalidGrantError(BAD_TOKEN);
    if (!used.firstUse) {
      if (token.revoked_at === null) await revokeGrant(ctx, token.grant_id, 'refresh_token_reused');
      throw new InvalidGrantError(BAD_TOKEN);
    }
    if (token.expires_at <= now) throw new InvalidGrantError(BAD_TOKEN);
    // RFC 6749 §6: the scope may be narrowed, never widened beyond the original grant.
    const scope = resolveScope(params.scope, client.scope, token.scope);
    let resource = token.resource;
    if (params.resource !== undefined) {
      const asked = resolveResource(ctx.issuer, [params.resource]);
      if (token.resource !== null && asked !== token.resource) throw new InvalidTargetError('The resource differs from the one this grant was consented for.');
      resource = asked;
    }
    return issueWithRefresh(ctx, { client, scope, identityType: token.identity_type, subject: token.subject, resource, grantId: token.grant_id }, token.scope, GRANT_REFRESH_TOKEN);
  },
};
