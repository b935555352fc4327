import { SUPPORTED_GRANT_TYPES } from './grants/index.js';
import { ASSERTION_TYPES, GRANT_JWT_BEARER, TOKEN_ENDPOINT_AUTH_METHODS } from './identifiers.js';
import { SCOPES } from '../model/principal.js';

/**
 * RFC 8414 §2 authorization server metadata. There is no authorization endpoint, so
 * `authorization_endpoint` is omitted (§2: required only when a grant type uses it). S256 is
 * still advertised for any authorization-code attempt (seed §2).
 */
export function authorizationServerMetadata(base: string): Record<string, unknown> {
  return {
    issuer: base,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    // RFC 8414 §2: response_types_supported is REQUIRED. Without an authorization endpoint the
    // truthful value is "none", an empty list; §3.2's omit-empty-claims rule yields to the
    // requirement here because strict parsers (the MCP SDK's OAuthMetadataSchema) reject a
    // document without the member.
    response_types_supported: [],
    grant_types_supported: [...SUPPORTED_GRANT_TYPES],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    scopes_supported: [...SCOPES],
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${base}/auth.md`,
    // draft-ietf-oauth-identity-assertion-authz-grant §6: ID-JAG via the jwt-bearer grant.
    authorization_grant_profiles_supported: [ASSERTION_TYPES[0]],
    agent_auth: {
      register_uri: `${base}/oauth/register`,
      identity_types_supported: ['anonymous', 'identity_assertion'],
      claim_endpoint: `${base}/oauth/claim`,
      assertion_types_supported: [...ASSERTION_TYPES],
      keys_endpoint: `${base}/api/v1/keys`,
      token_grant_for_id_jag: GRANT_JWT_BEARER,
      documentation: `${base}/auth.md`,
    },
  };
}

/** RFC 9728 §2 protected resource metadata for `resource` (the API root or /mcp). */
export function protectedResourceMetadata(base: string, resource: string): Record<string, unknown> {
  return {
    resource,
    authorization_servers: [base],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'vitrine portfolio catalog',
    resource_documentation: `${base}/auth.md`,
  };
}
