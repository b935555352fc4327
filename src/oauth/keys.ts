import type { OAuthContext } from './context.js';
import { GRANT_CLIENT_CREDENTIALS } from './grants.js';
import { issueAccessToken } from './issue.js';
import { ALL_SCOPES } from '../model/principal.js';
import { hashSecret, mintApiKey, mintClientId } from './tokens.js';
import { MAX_CLIENT_NAME_LENGTH } from './register.js';
import { InvalidClientMetadataError } from './oauth-error.js';
import { SANDBOX_SCENARIOS } from '../model/sandbox-scenarios.js';


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

/**
 * The free-key path (seed §4.8): registers a public client and hands out a long-lived API key
 * (no expiry until revoked) plus a fresh access token. Both are bearers; only hashes are stored.
 */
export async function mintKey(ctx: OAuthContext, options: { clientName?: string | undefined } = {}): Promise<KeyResponse> {
  const name = options.clientName?.trim();
  if (name !== undefined && name.length > MAX_CLIENT_NAME_LENGTH) throw new InvalidClientMetadataError(`"client_name" must be at most ${MAX_CLIENT_NAME_LENGTH} characters.`);
  const now = ctx.clock.now();
  const client = {
    client_id: mintClientId(ctx.random),
    client_name: name || 'API key',
    token_endpoint_auth_method: 'none' as const,
    grant_types: [GRANT_CLIENT_CREDENTIALS],
    scope: ALL_SCOPES,
    secret_hash: null,
    client_id_issued_at: Math.floor(now / 1000),
  };
  await ctx.store.clients.create(client);
  const apiKey = mintApiKey(ctx.random);
  await ctx.store.credentials.insert({
    hash: hashSecret(apiKey),
    kind: 'api_key',
    client_id: client.client_id,
    scope: ALL_SCOPES,
    identity_type: 'anonymous',
    subject: null,
    created_at: now,
    expires_at: null,
    revoked_at: null,
  });
  ctx.logger.info({ event: 'api_key_issued', client_id: client.client_id }, 'api key issued');
  const token = await issueAccessToken(ctx, { client, scope: ALL_SCOPES, identityType: 'anonymous', subject: null }, 'keys');
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
