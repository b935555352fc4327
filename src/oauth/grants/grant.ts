import type { ClientRecord } from '../../store/ports/index.js';
import type { OAuthContext, OAuthRequest } from '../context.js';
import type { TokenResponse } from '../issue.js';

/**
 * One grant type of the token endpoint (RFC 6749 §4): the endpoint has already authenticated
 * the client (§2.3) and checked it is registered for this grant; the grant checks its own
 * parameters and issues the token response (§5.1) or throws the §5.2 error.
 */
export interface Grant {
  readonly type: string;
  exchange(ctx: OAuthContext, request: OAuthRequest, client: ClientRecord): Promise<TokenResponse>;
}
