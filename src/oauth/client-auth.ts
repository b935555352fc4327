import type { ClientRecord, ClientStore, TokenEndpointAuthMethod } from '../store/ports/index.js';
import { InvalidClientError, InvalidRequestError } from './oauth-error.js';
import { secretMatchesHash } from './tokens.js';

export interface ClientCredentialsInput {
  authorization: string | undefined;
  params: Readonly<Record<string, string>>;
}

export interface AuthenticatedClient {
  client: ClientRecord;
  method: TokenEndpointAuthMethod;
}

interface Presented {
  clientId: string;
  secret: string | undefined;
  method: TokenEndpointAuthMethod;
}

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function parseBasic(authorization: string): { clientId: string; secret: string } {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(authorization.trim());
  if (!match) throw new InvalidClientError('The Authorization header is not valid HTTP Basic credentials.', true);
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new InvalidClientError('HTTP Basic credentials must be "client_id:client_secret".', true);
  try {
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { clientId: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    throw new InvalidClientError('HTTP Basic credentials are not correctly form-urlencoded (RFC 6749 §2.3.1).', true);
  }
}

/** Which client the request names and how, without looking it up. Undefined = none named. */
function presented({ authorization, params }: ClientCredentialsInput): Presented | undefined {
  const basic = authorization !== undefined && /^basic /i.test(authorization.trim());
  if (basic) {
    // RFC 6749 §2.3: a client MUST NOT use more than one authentication method per request.
    if (params.client_secret !== undefined) throw new InvalidRequestError('Send the client secret either in the Authorization header or in the body, not both.');
    const { clientId, secret } = parseBasic(authorization!);
    if (params.client_id !== undefined && params.client_id !== clientId) throw new InvalidClientError('client_id in the body does not match the Authorization header.', true);
    return { clientId, secret, method: 'client_secret_basic' };
  }
  if (params.client_id === undefined || params.client_id === '') {
    if (params.client_secret !== undefined) throw new InvalidRequestError('client_secret was sent without client_id.');
    return undefined;
  }
  if (params.client_secret !== undefined) return { clientId: params.client_id, secret: params.client_secret, method: 'client_secret_post' };
  return { clientId: params.client_id, secret: undefined, method: 'none' };
}

/**
 * RFC 6749 §2.3 client authentication. Public clients (`none`) identify with client_id alone;
 * confidential clients must use the method they registered, with the secret compared in
 * constant time against its stored hash. Returns undefined when no client was named at all.
 */
export async function authenticateClient(clients: Pick<ClientStore, 'get'>, input: ClientCredentialsInput): Promise<AuthenticatedClient | undefined> {
  const p = presented(input);
  if (!p) return undefined;
  const usedBasic = p.method === 'client_secret_basic';
  const client = p.clientId.length <= 2048 ? await clients.get(p.clientId) : undefined;
  if (!client) throw new InvalidClientError('Unknown client_id; register a client at /oauth/register first.', usedBasic);
  if (client.token_endpoint_auth_method === 'none') {
    // Basic with an empty password ("client_id:") is the header form of `client_id` alone, as an
    // empty `client_secret=` in the body is (RFC 6749 §3.2); requests-oauthlib and Go's x/oauth2
    // send a public client's id that way. A secret that is not empty is refused.
    if (p.method !== 'none' && p.secret !== '') throw new InvalidClientError('This client is public (token_endpoint_auth_method "none"); send client_id only, without a secret.', usedBasic);
    return { client, method: 'none' };
  }
  if (p.method === 'none') throw new InvalidClientError(`This client is confidential; authenticate with ${client.token_endpoint_auth_method}.`, false);
  if (p.method !== client.token_endpoint_auth_method) throw new InvalidClientError(`This client registered ${client.token_endpoint_auth_method}; authenticate with that method.`, usedBasic);
  if (client.secret_hash === null || !secretMatchesHash(p.secret ?? '', client.secret_hash)) {
    throw new InvalidClientError('Client authentication failed.', usedBasic);
  }
  return { client, method: p.method };
}
