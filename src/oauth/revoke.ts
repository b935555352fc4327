import { authenticateClient } from './client-auth.js';
import type { OAuthContext, OAuthRequest } from './context.js';
import { InvalidRequestError } from './oauth-error.js';
import { revokeGrant } from './revoke-grant.js';
import { credentialKey } from './tokens.js';

/**
 * RFC 7009 §2.1: revokes an access token, API key or refresh token by hash. Client
 * authentication is optional (public clients and key holders have no secret), but credentials
 * that are sent must be valid.
 */
export async function handleRevoke(ctx: OAuthContext, request: OAuthRequest): Promise<void> {
  const token = request.params.token;
  if (!token) throw new InvalidRequestError('The "token" parameter is required.');
  const authenticated = await authenticateClient(ctx.clients, request);
  // token_type_hint is only an optimisation (§2.1); one hash lookup per kind covers them all
  // (credentialKey puts the time in front of access tokens' hashes only; a refresh token's key
  // is its plain hash).
  const hash = credentialKey(token);
  const record = await ctx.store.credentials.findByHash(hash);
  // RFC 7009 §2.2: an unknown token is not an error. A token of another client is left alone
  // and answered the same way, so the response reveals nothing about it.
  if (!record) {
    const refresh = await ctx.store.refreshTokens.find(hash);
    if (!refresh || (authenticated && authenticated.client.client_id !== refresh.client_id)) return;
    // §2.1: revoking a refresh token SHOULD also invalidate the access tokens of the same grant.
    await revokeGrant(ctx, refresh.grant_id, 'refresh_token_revoked', true);
    return;
  }
  if (authenticated && authenticated.client.client_id !== record.client_id) return;
  // An API key takes the token minted with it along (keys.ts); an access token goes alone.
  if (record.kind === 'api_key' && record.grant_id !== null) {
    await revokeGrant(ctx, record.grant_id, 'api_key_revoked', true);
    return;
  }
  const revoked = await ctx.store.credentials.revoke(hash, ctx.clock.now());
  ctx.verifier.forget(hash);
  if (revoked) ctx.logger.info({ event: 'credential_revoked', client_id: record.client_id, kind: record.kind }, 'credential revoked');
}
