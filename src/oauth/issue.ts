import type { ClientRecord, IdentityType, Stores } from '../store/ports/index.js';
import type { OAuthContext } from './context.js';
import { credentialKey, hashSecret, mintAccessToken, mintRefreshToken } from './tokens.js';

/** RFC 6749 §5.1 successful token response. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  /** RFC 8693 §2.2.1: a token exchange's answer says what it issued */
  issued_token_type?: string;
}

export interface Grant {
  client: ClientRecord;
  scope: string;
  identityType: IdentityType;
  /** email or `iss|sub` for identity assertions; null when anonymous */
  subject: string | null;
  /** RFC 8707: the resource the token is for (undefined/null = every resource here) */
  resource?: string | null;
  /** the authorization grant (code + refresh family) the token belongs to */
  grantId?: string | null;
}

/** Mints an access token and stores only its key, its hash led by its time (through `stores`, e.g. a transaction's). */
export async function issueAccessToken(ctx: OAuthContext, grant: Grant, via: string, stores: Pick<Stores, 'credentials'> = ctx.store): Promise<TokenResponse> {
  const now = ctx.clock.now();
  const token = mintAccessToken(ctx.random, now);
  const ttl = ctx.config.accessTokenTtlSeconds;
  await stores.credentials.insert({
    hash: credentialKey(token),
    kind: 'access_token',
    client_id: grant.client.client_id,
    scope: grant.scope,
    identity_type: grant.identityType,
    subject: grant.subject,
    created_at: now,
    expires_at: now + ttl * 1000,
    revoked_at: null,
    resource: grant.resource ?? null,
    grant_id: grant.grantId ?? null,
  });
  ctx.logger.info({ event: 'token_issued', client_id: grant.client.client_id, via, identity_type: grant.identityType, scope: grant.scope, resource: grant.resource ?? null }, 'access token issued');
  return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: grant.scope };
}

/**
 * An access token plus a refresh token of the same grant (RFC 6749 §6). `consented` is what the
 * whole grant was consented to: a narrowed access token does not narrow the family (RFC 6749 §6
 * for the scope; RFC 8707 §2.2: the refresh token stays "bound to the full original grant").
 */
export async function issueWithRefresh(ctx: OAuthContext, grant: Grant & { grantId: string }, consented: { scope: string; resource: string | null }, via: string): Promise<TokenResponse> {
  const response = await issueAccessToken(ctx, grant, via);
  const refresh = mintRefreshToken(ctx.random);
  const now = ctx.clock.now();
  await ctx.store.refreshTokens.insert({
    hash: hashSecret(refresh),
    grant_id: grant.grantId,
    client_id: grant.client.client_id,
    scope: consented.scope,
    resource: consented.resource,
    identity_type: grant.identityType,
    subject: grant.subject,
    created_at: now,
    expires_at: now + ctx.config.refreshTokenTtlSeconds * 1000,
    used_at: null,
    revoked_at: null,
  });
  return { ...response, refresh_token: refresh };
}
