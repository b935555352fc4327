import type { CredentialKind, IdentityType } from '../store/ports.js';

export const SCOPES = ['catalog:read', 'inquiries:write', 'sandbox:write'] as const;
export type Scope = (typeof SCOPES)[number];
export const ALL_SCOPES = SCOPES.join(' ');

/** Who is calling, as proven by a verified bearer credential. */
export interface Principal {
  clientId: string;
  scopes: ReadonlySet<string>;
  identityType: IdentityType;
  subject: string | null;
  credential: CredentialKind;
}
