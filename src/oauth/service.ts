import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock, Random } from '../lib/clock.js';
import type { Idempotency, Executed } from '../idempotency/idempotency.js';
import type { Store } from '../store/ports/index.js';
import { renderAuthMd } from './auth-md.js';
import { Authorization } from './authorization.js';
import { ClientDirectory } from './client-directory.js';
import { ClientMetadataDocuments } from './client-metadata-document.js';
import type { BearerVerifier } from './bearer.js';
import { handleClaim } from './claim.js';
import type { OAuthContext, OAuthRequest } from './context.js';
import type { TokenResponse } from './issue.js';
import { mintKey, type KeyResponse, type MintKeyRequest } from './keys.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { buildRegistration, type ClientInformation } from './register.js';
import { handleRevoke } from './revoke.js';
import { handleTokenRequest } from './token.js';
import { buildTrustedIssuers } from './trusted-issuers.js';
import { CredentialVerifier } from './verifier.js';

export interface OAuthDeps {
  config: Config;
  store: Store;
  clock: Clock;
  random: Random;
  logger: Logger;
  idempotency: Idempotency;
  /** HMAC key of consent tickets (app_secrets, shared by every instance) */
  ticketKey: Buffer;
}

/** The authorization server and the bearer verifier every write path shares. */
export interface OAuth {
  readonly verifier: BearerVerifier;
  /** RFC 6749 §3.1 authorization endpoint steps (the consent page drives them) */
  readonly authorization: Authorization;
  /** RFC 7591 §3.1 */
  register(metadata: unknown): Promise<ClientInformation>;
  /** RFC 6749 §3.2 token endpoint */
  token(request: OAuthRequest): Promise<TokenResponse>;
  /** the seed's identity_assertion method */
  claim(request: OAuthRequest): Promise<TokenResponse>;
  /** RFC 7009 §2 */
  revoke(request: OAuthRequest): Promise<void>;
  /** seed §4.8 free API key */
  mintKey(request: MintKeyRequest): Promise<Executed<KeyResponse>>;
  readonly authorizationServerMetadata: Readonly<Record<string, unknown>>;
  protectedResourceMetadata(resourcePath: '' | '/mcp'): Readonly<Record<string, unknown>>;
  /** /auth.md, titled with the studio's name (rendered once per name) */
  authMd(studioName: string): string;
}

export function createOAuth(deps: OAuthDeps): OAuth {
  const { config, store, clock, random, logger, idempotency } = deps;
  const verifier = new CredentialVerifier({ credentials: store.credentials, clock, cacheSeconds: config.credentialCacheSeconds });
  const issuer = config.publicUrl;
  const documents = new ClientMetadataDocuments({ clients: store.clients, clock, allowPrivate: config.cimdAllowPrivate, ca: config.cimdCa, logger });
  const clients = new ClientDirectory(store.clients, documents);
  const ctx: OAuthContext = { config, store, clock, random, logger, verifier, clients, issuer, trusted: buildTrustedIssuers(config.trustedIssuers), idempotency };
  const asMetadata = Object.freeze(authorizationServerMetadata(issuer));
  const prMetadata = { '': Object.freeze(protectedResourceMetadata(issuer, issuer)), '/mcp': Object.freeze(protectedResourceMetadata(issuer, `${issuer}/mcp`)) };
  let authMdFor: { name: string; text: string } | null = null;
  const authMd = (studioName: string): string => {
    if (authMdFor?.name !== studioName) authMdFor = { name: studioName, text: renderAuthMd(config, studioName) };
    return authMdFor.text;
  };

  return {
    verifier,
    authorization: new Authorization(ctx, deps.ticketKey),
    async register(metadata) {
      const { record, response } = buildRegistration(metadata, clock, random);
      await store.clients.create(record);
      logger.info({ event: 'client_registered', client_id: record.client_id, method: record.token_endpoint_auth_method }, 'client registered');
      return response;
    },
    token: (request) => handleTokenRequest(ctx, request),
    claim: (request) => handleClaim(ctx, request),
    revoke: (request) => handleRevoke(ctx, request),
    mintKey: (request) => mintKey(ctx, request),
    authorizationServerMetadata: asMetadata,
    protectedResourceMetadata: (path) => prMetadata[path],
    authMd,
  };
}
