import type { ClientRecord } from '../store/ports/index.js';
import { ClientMetadataError } from './client-metadata-document.js';
import type { OAuthContext } from './context.js';
import { GRANT_AUTHORIZATION_CODE } from './identifiers.js';
import { InvalidRequestError, OAuthError, UnauthorizedClientError, UnsupportedResponseTypeError } from './oauth-error.js';
import { isS256Challenge } from './pkce.js';
import { matchesRegistered } from './redirect-uris.js';
import { resolveResource } from './resources.js';
import { resolveScope } from './scopes.js';

/** A validated authorization request (RFC 6749 §4.1.1 + RFC 7636 §4.3 + RFC 8707 §2.1). */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  /** whether the request named redirect_uri; if so the token request must too (RFC 6749 §4.1.3) */
  redirectUriNamed: boolean;
  state: string | undefined;
  scope: string;
  resource: string | null;
  codeChallenge: string;
}

/**
 * RFC 6749 §4.1.2.1: while the client or its redirection URI is not established, the error is
 * shown to the person and never sent to the (untrusted) redirect URI: no open redirector.
 */
export class AuthorizePageError extends Error {
  override readonly name = 'AuthorizePageError';
}

/** An error the client hears about at its (now trusted) redirect URI. */
export class AuthorizeRedirectError extends Error {
  override readonly name = 'AuthorizeRedirectError';
  constructor(
    readonly redirectUri: string,
    readonly error: string,
    readonly description: string,
    readonly state: string | undefined,
  ) {
    super(description);
  }
}

function single(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  // RFC 6749 §3.1: parameters MUST NOT be included more than once.
  if (values.length > 1) throw new InvalidRequestError(`The "${name}" parameter is repeated.`);
  return values[0] === '' ? undefined : values[0];
}

async function trustedClient(ctx: OAuthContext, query: URLSearchParams): Promise<{ client: ClientRecord; redirectUri: string; redirectUriNamed: boolean }> {
  let clientId: string | undefined;
  let presented: string | undefined;
  try {
    clientId = single(query, 'client_id');
    presented = single(query, 'redirect_uri');
  } catch (error) {
    throw new AuthorizePageError((error as Error).message);
  }
  if (!clientId) throw new AuthorizePageError('The request names no client (client_id is missing).');
  let client: ClientRecord | undefined;
  try {
    client = await ctx.clients.resolve(clientId);
  } catch (error) {
    if (error instanceof ClientMetadataError) throw new AuthorizePageError(error.message);
    throw error;
  }
  if (!client) throw new AuthorizePageError('The application is not registered with this service (unknown client_id).');
  if (presented === undefined) {
    // RFC 6749 §3.1.2.3: without a redirect_uri the client must have exactly one registered.
    if (client.redirect_uris.length !== 1) throw new AuthorizePageError('The request names no redirect_uri and the application has not registered exactly one.');
    return { client, redirectUri: client.redirect_uris[0]!, redirectUriNamed: false };
  }
  if (!matchesRegistered(presented, client.redirect_uris)) throw new AuthorizePageError('The redirect_uri is not one the application registered, so this service will not send you there.');
  return { client, redirectUri: presented, redirectUriNamed: true };
}

/** Validates `/oauth/authorize?…`: client and redirect URI first, then everything else. */
export async function checkAuthorizationRequest(ctx: OAuthContext, query: URLSearchParams): Promise<{ client: ClientRecord; request: AuthorizationRequest }> {
  const { client, redirectUri, redirectUriNamed } = await trustedClient(ctx, query);
  const state = query.getAll('state')[0];
  try {
    const responseType = single(query, 'response_type');
    if (!responseType) throw new InvalidRequestError('The "response_type" parameter is required.');
    if (responseType !== 'code') throw new UnsupportedResponseTypeError('Only response_type=code is supported.');
    if (!client.grant_types.includes(GRANT_AUTHORIZATION_CODE)) throw new UnauthorizedClientError('This client is not registered for the authorization_code grant.');
    single(query, 'state');
    const challenge = single(query, 'code_challenge');
    const method = single(query, 'code_challenge_method');
    // RFC 9700 §2.1.1 and RFC 7636 §4.3: PKCE is required, and only S256 (an omitted method means plain).
    if (!challenge) throw new InvalidRequestError('PKCE is required: send code_challenge with code_challenge_method=S256 (RFC 7636).');
    if (method !== 'S256') throw new InvalidRequestError('code_challenge_method must be S256; plain is not accepted (RFC 9700 §2.1.1).');
    if (!isS256Challenge(challenge)) throw new InvalidRequestError('code_challenge must be the 43-character base64url SHA-256 of the code verifier.');
    const scope = resolveScope(single(query, 'scope'), client.scope);
    const resource = resolveResource(ctx.issuer, query.getAll('resource'));
    return { client, request: { clientId: client.client_id, redirectUri, redirectUriNamed, state, scope, resource, codeChallenge: challenge } };
  } catch (error) {
    if (error instanceof OAuthError) throw new AuthorizeRedirectError(redirectUri, error.code, error.description, state);
    throw error;
  }
}

/**
 * The authorization response URL: the redirect URI with its own query kept (RFC 6749 §3.1.2),
 * plus the parameters and always `iss` (RFC 9207 §2: mix-up defence).
 */
export function authorizationResponseUrl(redirectUri: string, issuer: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, value);
  url.searchParams.append('iss', issuer);
  return url.toString();
}
