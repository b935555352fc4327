import { authenticateClient } from './client-auth.js';
import type { OAuthContext, OAuthRequest } from './context.js';
import { grantFor, SUPPORTED_GRANT_TYPES } from './grants/index.js';
import type { TokenResponse } from './issue.js';
import { InvalidClientError, InvalidRequestError, UnauthorizedClientError, UnsupportedGrantTypeError } from './oauth-error.js';

/** RFC 6749 §3.2 token endpoint: the grant type, client authentication, then the grant itself. */
export async function handleTokenRequest(ctx: OAuthContext, request: OAuthRequest): Promise<TokenResponse> {
  const grantType = request.params.grant_type;
  if (!grantType) throw new InvalidRequestError('The "grant_type" parameter is required.');
  const grant = grantFor(grantType);
  if (!grant) throw new UnsupportedGrantTypeError(`grant_type "${grantType}" is not supported; use one of: ${SUPPORTED_GRANT_TYPES.join(', ')}.`);
  const authenticated = await authenticateClient(ctx.clients, request);
  if (!authenticated) throw new InvalidClientError('Identify the client: send client_id (public clients) or client credentials (confidential clients).', false);
  const { client } = authenticated;
  // RFC 6749 §5.2 unauthorized_client: the client may not use this grant type.
  if (!client.grant_types.includes(grantType)) {
    throw new UnauthorizedClientError(`This client is not registered for grant_type "${grantType}"; its grant_types are: ${client.grant_types.join(', ')}.`);
  }
  return grant.exchange(ctx, request, client);
}
