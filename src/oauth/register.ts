import type { Clock, Random } from '../lib/clock.js';
import type { ClientRecord, TokenEndpointAuthMethod } from '../store/ports/index.js';
import { SUPPORTED_GRANT_TYPES } from './grants/index.js';
import { GRANT_CLIENT_CREDENTIALS, TOKEN_ENDPOINT_AUTH_METHODS } from './identifiers.js';
import { InvalidClientMetadataError } from './oauth-error.js';
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

/**
 * Validates RFC 7591 §2 client metadata. Fields this server does not use (redirect_uris,
 * logo_uri, …) are ignored rather than rejected (§3.2.1 lets the server drop them); fields it
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

  let grantTypes: string[] = [GRANT_CLIENT_CREDENTIALS];
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
  }

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
  };
  return { record, response };
}
