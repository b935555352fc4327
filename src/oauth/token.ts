import { authenticateClient } from './client-auth.js';
import { acceptAssertion, assertionScope, assertionSubject } from './check-assertion.js';
import type { OAuthContext, OAuthRequest } from './context.js';
import { GRANT_CLIENT_CREDENTIALS, GRANT_JWT_BEARER, SUPPORTED_GRANT_TYPES } from './grants.js';
import { issueAccessToken, type TokenResponse } from './issue.js';
import { InvalidClientError, InvalidRequestError, UnauthorizedClientError, UnsupportedGrantTypeError } from './oauth-error.js';
import { resolveScope } from './scopes.js';

/** RFC 6749 §4.4 client_credentials and RFC 7523 §2.1 jwt-bearer with an ID-JAG. */
export async function handleTokenRequest(ctx: OAuthContext, request: OAuthRequest): Promise<TokenResponse> {
  const { params } = request;
  const grantType = params.grant_type;
  if (!grantType) throw new InvalidRequestError('The "grant_type" parameter is required.');
  if (!(SUPPORTED_GRANT_TYPES as readonly string[]).includes(grantType)) {
    throw new UnsupportedGrantTypeError(`grant_type "${grantType}" is not supported; use one of: ${SUPPORTED_GRANT_TYPES.join(', ')}.`);
  }
  const authenticated = await authenticateClient(ctx.store.clients, request);
  if (!authenticated) throw new InvalidClientError('Identify the client: send client_id (public clients) or client credentials (confidential clients).', false);
  const { client } = authenticated;
  if (!client.grant_types.includes(grantType)) {
    throw new UnauthorizedClientError(`This client is not registered for grant_type "${grantType}"; its grant_types are: ${client.grant_types.join(', ')}.`);
  }

  if (grantType === GRANT_CLIENT_CREDENTIALS) {
    const scope = resolveScope(params.scope, client.scope);
    return issueAccessToken(ctx, { client, scope, identityType: 'anonymous', subject: null }, grantType);
  }

  // GRANT_JWT_BEARER
  if (!params.assertion) throw new InvalidRequestError('The "assertion" parameter (an ID-JAG) is required for this grant type.');
  const claims = await acceptAssertion(ctx, params.assertion, 'id-jag', client.client_id);
  const scope = resolveScope(params.scope, client.scope, assertionScope(claims));
  return issueAccessToken(ctx, { client, scope, identityType: 'identity_assertion', subject: assertionSubject('id-jag', claims) }, GRANT_JWT_BEARER);
}
