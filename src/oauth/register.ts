import type { Clock, Random } from '../lib/clock.js';
import type { ClientRecord, TokenEndpointAuthMethod } from '../store/ports/index.js';
import { SUPPORTED_GRANT_TYPES } from './grants/index.js';
import { GRANT_AUTHORIZATION_CODE, GRANT_CLIENT_CREDENTIALS, GRANT_REFRESH_TOKEN, TOKEN_ENDPOINT_AUTH_METHODS } from './identifiers.js';
import { InvalidClientMetadataError, InvalidRedirectUriError } from './oauth-error.js';
import { redirectUriProblem } from './redirect-uris.js';
import { ALL_SCOPES } from '../model/principal.js';
import { isKnownScope, splitScope } from './scopes.js';
import { hashSecret, mintClientId, mintClientSecret } from './tokens.js';

export const MAX_CLIENT_NAME_LENGTH = 200;

/** RFC 7591 §3.2.1 client information response. */
export interface ClientInformation {
  client_id: string;
  client_id_issued_at: number;
  client_name?: string;
  grant_types: string[];
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  scope: string;
  client_secret?: string;
  client_secret_expires_at?: number;
  redirect_uris: string[];
  response_types?: string[];
  client_uri?: string;
  logo_uri?: string;
}

export interface Registration {
  record: ClientRecord;
  response: ClientInformation;
}

function optionalString(metadata: Record<string, unknown>, field: string): string | undefined {
  const value = metadata[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InvalidClientMetadataError(`"${field}" must be a string.`);
  return value;
}

function stringArray(metadata: Record<string, unknown>, field: string): string[] | undefined {
  const value = metadata[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string') || value.length > 20) throw new InvalidClientMetadataError(`"${field}" must be an array of at most 20 strings.`);
  return [...new Set(value as string[])];
}

function optionalUrl(metadata: Record<string, unknown>, field: string, schemes: string[]): string | undefined {
  const value = optionalString(metadata, field);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidClientMetadataError(`"${field}" must be an absolute URL.`);
  }
  if (!schemes.includes(url.protocol) || value.length > 500) throw new InvalidClientMetadataError(`"${field}" must be a ${schemes.map((p) => p.slice(0, -1)).join(' or ')} URL of at most 500 characters.`);
  return value;
}

/**
 * Validates RFC 7591 §2 client metadata. Fields this server does not use (contacts, tos_uri,
 * …) are ignored rather than rejected (§3.2.1 lets the server drop them); fields it
 * uses must be well-typed and supported. An omitted `token_endpoint_auth_method` registers a
 * public client (`none`): the service's anonymous path needs no secret (seed §4.9).
 */
export function buildRegistration(metadata: unknown, clock: Clock, random: Random): Registration {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new InvalidClientMetadataError('The request body must be a JSON object of client metadata (RFC 7591 §2).');
  }
  const m = metadata as Record<string, unknown>;

  const clientName = optionalString(m, 'client_name')?.trim();
  if (clientName !== undefined && clientName.length > MAX_CLIENT_NAME_LENGTH) {
    throw new InvalidClientMetadataError(`"client_name" must be at most ${MAX_CLIENT_NAME_LENGTH} characters.`);
  }

  const method = optionalString(m, 'token_endpoint_auth_method') ?? 'none';
  if (!(TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(method)) {
    throw new InvalidClientMetadataError(`"token_endpoint_auth_method" "${method}" is not supported; use one of: ${TOKEN_ENDPOINT_AUTH_METHODS.join(', ')}.`);
  }

  const redirectUris = stringArray(m, 'redirect_uris');
  for (const uri of redirectUris ?? []) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new InvalidRedirectUriError(`redirect_uris: ${problem}.`);
  }
  // RFC 7591 §2: grant_types defaults to authorization_code; a client that names no redirect
  // URI cannot use it, so it gets the anonymous client_credentials grant as before.
  let grantTypes: string[] = redirectUris?.length ? [GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN] : [GRANT_CLIENT_CREDENTIALS];
  if (m.grant_types !== undefined && m.grant_types !== null) {
    if (!Array.isArray(m.grant_types) || m.grant_types.some((g) => typeof g !== 'string')) {
      throw new InvalidClientMetadataError('"grant_types" must be an array of strings.');
    }
    const unsupported = (m.grant_types as string[]).filter((g) => !SUPPORTED_GRANT_TYPES.includes(g));
    if (unsupported.length > 0) {
      throw new InvalidClientMetadataError(`Unsupported grant type(s): ${unsupported.join(', ')}. Supported: ${SUPPORTED_GRANT_TYPES.join(', ')}.`);
    }
    grantTypes = [...new Set(m.grant_types as string[])];
    if (grantTypes.length === 0) grantTypes = [GRANT_CLIENT_CREDENTIALS];
    // A refresh token comes only from another grant (RFC 6749 §1.5): alone, the client could never get a token.
    if (grantTypes.every((g) => g === GRANT_REFRESH_TOKEN)) throw new InvalidClientMetadataError('"refresh_token" needs a grant that issues tokens: add "authorization_code" (with redirect_uris).');
  }
  if (grantTypes.includes(GRANT_AUTHORIZATION_CODE) && !redirectUris?.length) {
    throw new InvalidRedirectUriError('The authorization_code grant needs at least one entry in "redirect_uris".');
  }
  // RFC 7591 §2.1: response_types and grant_types must agree; "code" is the only response type.
  const responseTypes = stringArray(m, 'response_types');
  if (responseTypes && responseTypes.some((t) => t !== 'code')) throw new InvalidClientMetadataError('"response_types" may only contain "code".');
  if (responseTypes?.length && !grantTypes.includes(GRANT_AUTHORIZATION_CODE)) throw new InvalidClientMetadataError('"response_types" ["code"] needs the authorization_code grant type.');
  const clientUri = optionalUrl(m, 'client_uri', ['https:', 'http:']);
  // Shown on the consent page as an image; only https so the page never loads mixed content.
  const logoUri = optionalUrl(m, 'logo_uri', ['https:']);

  const requestedScope = optionalString(m, 'scope');
  let scope = ALL_SCOPES;
  if (requestedScope !== undefined && requestedScope.trim() !== '') {
    const parts = splitScope(requestedScope);
    const unknown = parts.filter((s) => !isKnownScope(s));
    if (unknown.length > 0) throw new InvalidClientMetadataError(`Unknown scope(s): ${unknown.join(', ')}. Supported: ${ALL_SCOPES}.`);
    scope = parts.join(' ');
  }

  const clientId = mintClientId(random);
  const issuedAt = Math.floor(clock.now() / 1000);
  const secret = method === 'none' ? undefined : mintClientSecret(random);
  const record: ClientRecord = {
    client_id: clientId,
    client_name: clientName || null,
    token_endpoint_auth_method: method as TokenEndpointAuthMethod,
    grant_types: grantTypes,
    scope,
    secret_hash: secret === undefined ? null : hashSecret(secret),
    client_id_issued_at: issuedAt,
    redirect_uris: redirectUris ?? [],
    client_uri: clientUri ?? null,
    logo_uri: logoUri ?? null,
  };
  const response: ClientInformation = {
    client_id: clientId,
    client_id_issued_at: issuedAt,
    ...(record.client_name !== null ? { client_name: record.client_name } : {}),
    grant_types: grantTypes,
    token_endpoint_auth_method: record.token_endpoint_auth_method,
    scope,
    // RFC 7591 §3.2.1: the secret is returned once; 0 = it does not expire.
    ...(secret !== undefined ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    // RFC 7591 §3.2.1: the response carries every registered metadata value, the (often empty)
    // list of redirect URIs too: the MCP SDKs' client_credentials providers send `[]` and parse
    // the response with `redirect_uris` required.
    redirect_uris: record.redirect_uris,
    ...(grantTypes.includes(GRANT_AUTHORIZATION_CODE) ? { response_types: ['code'] } : {}),
    ...(clientUri !== undefined ? { client_uri: clientUri } : {}),
    ...(logoUri !== undefined ? { logo_uri: logoUri } : {}),
  };
  return { record, response };
}
