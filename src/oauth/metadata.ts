import { SUPPORTED_GRANT_TYPES } from './grants/index.js';
import { ASSERTION_TYPES, GRANT_JWT_BEARER, GRANT_PROFILE_ID_JAG, TOKEN_ENDPOINT_AUTH_METHODS } from './identifiers.js';
import { SCOPES } from '../model/principal.js';

/** RFC 8414 §2 authorization server metadata, with the seed's agent_auth block. */
export function authorizationServerMetadata(base: string): Record<string, unknown> {
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...SUPPORTED_GRANT_TYPES],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    scopes_supported: [...SCOPES],
    // RFC 9700 §2.1.1: S256 only; plain is refused.
    code_challenge_methods_supported: ['S256'],
    // RFC 9207 §3: every authorization response carries `iss`.
    authorization_response_iss_parameter_supported: true,
    // draft-ietf-oauth-client-id-metadata-document §5 (MCP 2025-11-25 authorization).
    client_id_metadata_document_supported: true,
    service_documentation: `${base}/auth.md`,
    // draft-ietf-oauth-identity-assertion-authz-grant "Resource Authorization Server Metadata": the
    // ID-JAG grant profile's identifier (its MUST: jwt-bearer is in grant_types_supported).
    authorization_grant_profiles_supported: [GRANT_PROFILE_ID_JAG],
    // The auth.md agent_auth block: the skill, the endpoints, then per identity type what an agent
    // can present and what it gets. The flat fields after `identity_assertion` are the block's
    // earlier shape, kept so clients written against it keep working.
    agent_auth: {
      skill: `${base}/auth.md`,
      register_uri: `${base}/oauth/register`,
      claim_uri: `${base}/oauth/claim`,
      revocation_uri: `${base}/oauth/revoke`,
      identity_types_supported: ['anonymous', 'identity_assertion'],
      anonymous: { credential_types_supported: ['api_key', 'access_token'], keys_uri: `${base}/api/v1/keys` },
      identity_assertion: { assertion_types_supported: [...ASSERTION_TYPES], credential_types_supported: ['access_token'], claim_uri: `${base}/oauth/claim` },
      authorization_uri: `${base}/oauth/authorize`,
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
