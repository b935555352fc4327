/** OAuth clients registered at /oauth/register (RFC 7591). */

export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface ClientRecord {
  client_id: string;
  client_name: string | null;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  grant_types: string[];
  scope: string;
  /** SHA-256 of the client secret, hex; null for public clients */
  secret_hash: string | null;
  /** seconds since the epoch (RFC 7591 §3.2.1) */
  client_id_issued_at: number;
  /** RFC 7591 §2: exact redirection URIs (authorization code clients) */
  redirect_uris: string[];
  client_uri: string | null;
  logo_uri: string | null;
}

export interface ClientStore {
  create(client: ClientRecord): Promise<void>;
  get(clientId: string): Promise<ClientRecord | undefined>;
  /** Inserts or replaces a client: a client ID metadata document's client, refreshed when fetched again. */
  upsert(client: ClientRecord): Promise<void>;
}
