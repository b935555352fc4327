/**
 * The identifiers this authorization server speaks (RFC 6749, RFC 7523, RFC 7591, the ID-JAG
 * draft). Which grants the token endpoint serves is the grant registry's (grants/index.ts).
 */
export const GRANT_CLIENT_CREDENTIALS = 'client_credentials';
export const GRANT_AUTHORIZATION_CODE = 'authorization_code';
export const GRANT_REFRESH_TOKEN = 'refresh_token';
export const GRANT_JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const GRANT_TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

export const TOKEN_TYPE_ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
/** draft-ietf-oauth-identity-assertion-authz-grant: the grant profile a resource AS advertises (not the token type) */
export const GRANT_PROFILE_ID_JAG = 'urn:ietf:params:oauth:grant-profile:id-jag';
/** RFC 8693 §3: what /oauth/claim issues, as its response says (§2.2.1 issued_token_type) */
export const TOKEN_TYPE_ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';
export const ASSERTION_TYPE_VERIFIED_EMAIL = 'verified_email';
export const ASSERTION_TYPES = [TOKEN_TYPE_ID_JAG, ASSERTION_TYPE_VERIFIED_EMAIL] as const;
/** RFC 8693 §3's types for any JWT and an OpenID Connect ID Token: the assertion's own `typ` says which kind it is. */
export const GENERIC_JWT_TOKEN_TYPES = ['urn:ietf:params:oauth:token-type:jwt', 'urn:ietf:params:oauth:token-type:id_token'] as const;
/** draft-ietf-oauth-identity-assertion-authz-grant: the JWT `typ` header of an ID-JAG */
export const ID_JAG_TYP = 'oauth-id-jag+jwt';

export const TOKEN_ENDPOINT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
