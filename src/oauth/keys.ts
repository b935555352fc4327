import type { Executed } from '../idempotency/idempotency.js';
import { ALL_SCOPES } from '../model/principal.js';
import { SANDBOX_SCENARIOS } from '../model/sandbox-scenarios.js';
import type { ClientRecord, Stores } from '../store/ports/index.js';
import type { OAuthContext } from './context.js';
import { GRANT_CLIENT_CREDENTIALS } from './identifiers.js';
import { issueAccessToken } from './issue.js';
import { InvalidClientMetadataError } from './oauth-error.js';
import { MAX_CLIENT_NAME_LENGTH } from './register.js';
import { credentialKey, mintApiKey, mintClientId, mintGrantId } from './tokens.js';

/** Where free keys are handed out; also the idempotency scope of POST. */
export const KEYS_PATH = '/api/v1/keys';
/** A replay hands the same API key out again, so its Idempotency-Key must be hard to guess. */
export const MIN_KEY_LENGTH = 16;

export interface KeyResponse {
  api_key: string;
  token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  client_id: string;
  token_endpoint: string;
  sandbox: {
    base_url: string;
    projects_url: string;
    inquiries_url: string;
    scope: string;
    scenario_header: string;
    scenarios: readonly string[];
  };
  documentation: string;
}

export interface MintKeyRequest {
  clientName?: string | undefined;
  /** the client's Idempotency-Key (POST only), already parsed */
  idempotencyKey?: string | undefined;
  /** the request body as parsed (POST): what a retry with the same key must repeat (docs/design.md §6) */
  body?: unknown;
  /**
   * who asks (the rate-limit subject of their address): idempotency records of this anonymous
   * endpoint are kept per address, so nobody else can replay someone's key with the same header
   */
  caller: string;
}

/**
 * The free-key path (seed §4.8): registers a public client and hands out a long-lived API key
 * (no expiry until revoked) plus a fresh access token, all in one transaction. Both are
 * bearers; only hashes are stored. With an Idempotency-Key, a retry gets the same key back.
 */
export async function mintKey(ctx: OAuthContext, request: MintKeyRequest): Promise<Executed<KeyResponse>> {
  const name = request.clientName?.trim();
  if (name !== undefined && name.length > MAX_CLIENT_NAME_LENGTH) throw new InvalidClientMetadataError(`"client_name" must be at most ${MAX_CLIENT_NAME_LENGTH} characters.`);
  const call = { principal: request.caller, method: 'POST', path: KEYS_PATH, key: request.idempotencyKey, request: request.body ?? { client_name: request.clientName ?? null } };
  const minted = await ctx.idempotency.run<KeyResponse>(call, (commit) => commit((tx) => issueKey(ctx, tx, name)), { minKeyLength: MIN_KEY_LENGTH });
  if (!minted.replayed) ctx.logger.info({ event: 'api_key_issued', client_id: minted.value.client_id }, 'api key issued');
  return minted;
}

async function issueKey(ctx: OAuthContext, tx: Stores, name: string | undefined): Promise<KeyResponse> {
  const now = ctx.clock.now();
  const client: ClientRecord = {
    client_id: mintClientId(ctx.random),
    client_name: name || 'API key',
    token_endpoint_auth_method: 'none',
    grant_types: [GRANT_CLIENT_CREDENTIALS],
    scope: ALL_SCOPES,
    secret_hash: null,
    client_id_issued_at: Math.floor(now / 1000),
    redirect_uris: [],
    client_uri: null,
    logo_uri: null,
  };
  await tx.clients.create(client);
  const apiKey = mintApiKey(ctx.random);
  // The key and the token handed out with it are one grant: revoking the key ends the token too
  // (as revoking a refresh token ends its access tokens, RFC 7009 §2.1).
  const grantId = mintGrantId(ctx.random);
  await tx.credentials.insert({
    hash: credentialKey(apiKey),
    kind: 'api_key',
    client_id: client.client_id,
    scope: ALL_SCOPES,
    identity_type: 'anonymous',
    subject: null,
    created_at: now,
    expires_at: null,
    revoked_at: null,
    resource: null,
    grant_id: grantId,
  });
  const token = await issueAccessToken(ctx, { client, scope: ALL_SCOPES, identityType: 'anonymous', subject: null, grantId }, 'keys', tx);
  const base = ctx.issuer;
  return {
    api_key: apiKey,
    token: token.access_token,
    token_type: 'Bearer',
    expires_in: token.expires_in,
    scope: token.scope,
    client_id: client.client_id,
    token_endpoint: `${base}/oauth/token`,
    sandbox: {
      base_url: `${base}/api/v1/sandbox`,
      projects_url: `${base}/api/v1/sandbox/projects`,
      inquiries_url: `${base}/api/v1/sandbox/inquiries`,
      scope: 'sandbox:write',
      scenario_header: 'Sandbox-Scenario',
      scenarios: SANDBOX_SCENARIOS,
    },
    documentation: `${base}/auth.md`,
  };
}
