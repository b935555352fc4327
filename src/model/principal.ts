/** Who is calling, in terms every layer shares: the bearer's client, scopes and identity. */

export const SCOPES = ['catalog:read', 'inquiries:write', 'sandbox:write'] as const;
export type Scope = (typeof SCOPES)[number];
export const ALL_SCOPES = SCOPES.join(' ');

export type CredentialKind = 'access_token' | 'api_key';
export type IdentityType = 'anonymous' | 'identity_assertion';

/** Who is calling, as proven by a verified bearer credential. */
export interface Principal {
  clientId: string;
  scopes: ReadonlySet<string>;
  identityType: IdentityType;
  subject: string | null;
  credential: CredentialKind;
  /** RFC 8707: the resource the token was issued for; null = every resource of this service */
  resource: string | null;
}
