import { authorizationCode } from './authorization-code.js';
import { clientCredentials } from './client-credentials.js';
import { refreshToken } from './refresh-token.js';
import type { Grant } from './grant.js';
import { jwtBearer } from './jwt-bearer.js';

export type { Grant } from './grant.js';

/**
 * The grants the token endpoint serves, one file each. Everything that lists grant types (the
 * metadata's grant_types_supported, what registration accepts, the OpenAPI enum) reads this.
 */
export const GRANTS: readonly Grant[] = [authorizationCode, refreshToken, clientCredentials, jwtBearer];

export const SUPPORTED_GRANT_TYPES = GRANTS.map((grant) => grant.type) as readonly string[];

export function grantFor(type: string): Grant | undefined {
  return GRANTS.find((grant) => grant.type === type);
}
