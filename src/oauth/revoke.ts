import { authenticateClient } from './client-auth.js';
import type { OAuthContext, OAuthRequest } from './context.js';
import { InvalidRequestError, UnauthorizedClientError } from './oauth-error.js';
import { revokeGrant } from './revoke-grant.js';
import { credentialKey } from './tokens.js';

const NOT_YOURS = 'The token was not issued to this client: a client can revoke only its own tokens (RFC 7009 §2.1).';

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
  // RFC 7009 §2.2: an unknown token is not an error. §2.1: a token issued to another client than
  // the one that identified itself is refused, so that client is not told it is revoked.
  const notIssuedTo = (clientId: string) => authenticated !== undefined && authenticated.client.client_id !== clientId;
  if (!record) {
    const refresh = await ctx.store.refreshTokens.find(hash);
    if (!refresh) return;
    if (notIssuedTo(refresh.client_id)) throw new UnauthorizedClientError(NOT_YOURS);
    // §2.1: revoking a refresh token SHOULD also invalidate the access tokens of the same grant.
    await revokeGrant(ctx, refresh.grant_id, 'refresh_token_revoked', true);
    return;
  }
  if (notIssuedTo(record.client_id)) throw new UnauthorizedClientError(NOT_YOURS);
  // An API key takes the token minted with it along (keys.ts); an access token goes alone.
  if (record.kind === 'api_key' && record.grant_id !== null) {
    await revokeGrant(ctx, record.grant_id, 'api_key_revoked', true);
    return;
  }
  const revoked = await ctx.store.credentials.revoke(hash, ctx.clock.now());
  ctx.verifier.forget(hash);
  if (revoked) ctx.logger.info({ event: 'credential_revoked', client_id: record.client_id, kind: record.kind }, 'credential revoked');
}
