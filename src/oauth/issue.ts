import type { ClientRecord, IdentityType, Stores } from '../store/ports/index.js';
import type { OAuthContext } from './context.js';
import { hashSecret, mintAccessToken } from './tokens.js';

/** RFC 6749 §5.1 successful token response. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export interface Grant {
  client: ClientRecord;
  scope: string;
  identityType: IdentityType;
  /** email or `iss|sub` for identity assertions; null when anonymous */
  subject: string | null;
}

/** Mints an access token and stores only its hash (through `stores`, e.g. a transaction's). */
export async function issueAccessToken(ctx: OAuthContext, grant: Grant, via: string, stores: Pick<Stores, 'credentials'> = ctx.store): Promise<TokenResponse> {
  const token = mintAccessToken(ctx.random);
  const now = ctx.clock.now();
  const ttl = ctx.config.accessTokenTtlSeconds;
  await stores.credentials.insert({
    hash: hashSecret(token),
    kind: 'access_token',
    client_id: grant.client.client_id,
    scope: grant.scope,
    identity_type: grant.identityType,
    subject: grant.subject,
    created_at: now,
    expires_at: now + ttl * 1000,
    revoked_at: null,
  });
  ctx.logger.info({ event: 'token_issued', client_id: grant.client.client_id, via, identity_type: grant.identityType, scope: grant.scope }, 'access token issued');
  return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: grant.scope };
}
