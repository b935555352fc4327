import { z } from '@hono/zod-openapi';
import { SUPPORTED_GRANT_TYPES } from '../../oauth/grants/index.js';

/** OpenAPI descriptions of the OAuth wire formats (RFC 6749, RFC 7591, RFC 7009). */

export const OAuthErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'invalid_grant' }),
    error_description: z.string(),
  })
  .openapi('OAuthError', { description: 'RFC 6749 §5.2 error response (not problem+json).' });

export const TokenResponseSchema = z
  .object({
    access_token: z.string().openapi({ example: 'vt_at_Q2hhbmdlIG1lIHRvIGEgcmFuZG9tIHZhbHVlIQ' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().openapi({ example: 3600 }),
    scope: z.string().openapi({ example: 'catalog:read inquiries:write sandbox:write' }),
    refresh_token: z.string().optional().openapi({ description: 'authorization_code and refresh_token grants: a new refresh token (each use rotates it).', example: 'vt_rt_…' }),
  })
  .openapi('TokenResponse', { description: 'RFC 6749 §5.1 successful token response.' });

export const RegistrationRequestSchema = z
  .object({
    client_name: z.string().max(200).optional(),
    token_endpoint_auth_method: z.enum(['none', 'client_secret_basic', 'client_secret_post']).optional().openapi({ description: 'Default `none` (a public client; no secret).' }),
    grant_types: z.array(z.enum(SUPPORTED_GRANT_TYPES as [string, ...string[]])).optional().openapi({ description: 'Default `["authorization_code","refresh_token"]` when redirect_uris are given, else `["client_credentials"]`.' }),
    scope: z.string().optional(),
    redirect_uris: z.array(z.string().url()).max(20).optional().openapi({ description: 'https, or http on a loopback address with any port (RFC 8252 §7.3). Required for authorization_code.' }),
    response_types: z.array(z.literal('code')).optional(),
    client_uri: z.string().url().optional(),
    logo_uri: z.string().url().optional().openapi({ description: 'https only; shown on the consent page.' }),
  })
  .passthrough()
  .openapi('ClientRegistrationRequest', { description: 'RFC 7591 §2 client metadata; unknown fields are ignored.' });

export const ClientInformationSchema = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.number().int(),
    client_name: z.string().optional(),
    grant_types: z.array(z.string()),
    token_endpoint_auth_method: z.string(),
    scope: z.string(),
    client_secret: z.string().optional().openapi({ description: 'Confidential clients only; returned once.' }),
    client_secret_expires_at: z.number().int().optional(),
    redirect_uris: z.array(z.string()).openapi({ description: 'As registered; empty for a client without the authorization_code grant.' }),
    response_types: z.array(z.string()).optional(),
    client_uri: z.string().optional(),
    logo_uri: z.string().optional(),
  })
  .openapi('ClientInformation', { description: 'RFC 7591 §3.2.1 client information response.' });

export const KeyResponseSchema = z
  .object({
    api_key: z.string().openapi({ description: 'Long-lived bearer (no expiry until revoked).', example: 'vt_key_…' }),
    token: z.string().openapi({ description: 'A fresh access token.', example: 'vt_at_…' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
    client_id: z.string(),
    token_endpoint: z.string().url(),
    sandbox: z.object({
      base_url: z.string().url(),
      projects_url: z.string().url(),
      inquiries_url: z.string().url(),
      scope: z.string(),
      scenario_header: z.string(),
      scenarios: z.array(z.string()),
    }),
    documentation: z.string().url(),
  })
  .openapi('ApiKey', { description: 'A free API key, a fresh access token and where to use them.' });

export const oauthErrorContent = { 'application/json': { schema: OAuthErrorSchema } };

export const AuthorizationServerMetadataSchema = z
  .object({
    issuer: z.string().url(),
    authorization_endpoint: z.string().url(),
    token_endpoint: z.string().url(),
    registration_endpoint: z.string().url(),
    revocation_endpoint: z.string().url(),
    response_types_supported: z.array(z.literal('code')),
    response_modes_supported: z.array(z.literal('query')),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.literal('S256')),
    authorization_response_iss_parameter_supported: z.literal(true),
    client_id_metadata_document_supported: z.literal(true),
    service_documentation: z.string().url(),
    authorization_grant_profiles_supported: z.array(z.literal('urn:ietf:params:oauth:grant-profile:id-jag')).openapi({ description: 'draft-ietf-oauth-identity-assertion-authz-grant: ID-JAG through the jwt-bearer grant.' }),
    agent_auth: z.object({
      skill: z.string().url().openapi({ description: 'The auth.md an agent reads to authenticate here.' }),
      register_uri: z.string().url(),
      claim_uri: z.string().url(),
      revocation_uri: z.string().url(),
      identity_types_supported: z.array(z.enum(['anonymous', 'identity_assertion'])),
      anonymous: z.object({ credential_types_supported: z.array(z.enum(['api_key', 'access_token'])), keys_uri: z.string().url() }),
      identity_assertion: z.object({ assertion_types_supported: z.array(z.string()), credential_types_supported: z.array(z.literal('access_token')), claim_uri: z.string().url() }),
      authorization_uri: z.string().url().openapi({ description: 'The authorization-code path for a person in a browser (consent page).' }),
      claim_endpoint: z.string().url().openapi({ description: 'Same as claim_uri (the block\'s earlier shape).' }),
      assertion_types_supported: z.array(z.string()).openapi({ description: 'Same as identity_assertion.assertion_types_supported (the block\'s earlier shape).' }),
      keys_endpoint: z.string().url(),
      token_grant_for_id_jag: z.string(),
      documentation: z.string().url(),
    }),
  })
  .openapi('AuthorizationServerMetadata', { description: 'RFC 8414 §2 metadata, RFC 9207 `iss` support, client ID metadata documents, and the agent_auth block.' });

export const ProtectedResourceMetadataSchema = z
  .object({
    resource: z.string().url(),
    authorization_servers: z.array(z.string().url()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.literal('header')),
    resource_name: z.string(),
    resource_documentation: z.string().url(),
  })
  .openapi('ProtectedResourceMetadata', { description: 'RFC 9728 §2 metadata.' });
