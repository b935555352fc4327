/**
 * RFC 6749 §5.2 (and RFC 7591 §3.2.2) error responses. Each class is named after its wire code;
 * the HTTP layer renders them as `{error, error_description}` JSON, never as problem+json.
 */
export const OAUTH_ERROR_CODES = {
  invalidRequest: 'invalid_request',
  invalidClient: 'invalid_client',
  invalidGrant: 'invalid_grant',
  unauthorizedClient: 'unauthorized_client',
  unsupportedGrantType: 'unsupported_grant_type',
  invalidScope: 'invalid_scope',
  invalidClientMetadata: 'invalid_client_metadata',
  invalidRedirectUri: 'invalid_redirect_uri',
  serverError: 'server_error',
  temporarilyUnavailable: 'temporarily_unavailable',
  invalidTarget: 'invalid_target',
  unsupportedResponseType: 'unsupported_response_type',
  accessDenied: 'access_denied',
} as const;

export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[keyof typeof OAUTH_ERROR_CODES];

/**
 * RFC 6749 §5.2 (and §4.1.2.1, RFC 6750 §3): an `error_description` holds only
 * %x20-21 / %x23-5B / %x5D-7E: printable ASCII without `"` and `\`. The messages are written for
 * people (they quote values and cite sections), so they are brought into that set on the wire:
 * quotes become apostrophes, a backslash a slash, `§` the word "section", dashes and ellipses
 * their ASCII forms, and anything else outside the set (an echoed U+FFFD, a control) a `?`.
 */
export function wireDescription(text: string): string {
  return text
    .replace(/"/g, "'")
    .replace(/\\/g, '/')
    .replace(/§\s?/g, 'section ')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\t\n\r]/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?');
}

export abstract class OAuthError extends Error {
  abstract readonly code: OAuthErrorCode;
  readonly status: number = 400;
  readonly headers: Record<string, string> = {};

  constructor(readonly description: string) {
    super(description);
    this.name = new.target.name;
  }

  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: wireDescription(this.description) };
  }
}

export class InvalidRequestError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidRequest;
}

/**
 * RFC 6749 §5.2: 401; when the client tried HTTP Basic the response MUST carry a matching
 * `WWW-Authenticate` challenge.
 */
export class InvalidClientError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidClient;
  override readonly status = 401;
  override readonly headers: Record<string, string>;

  constructor(description: string, usedBasic: boolean) {
    super(description);
    this.headers = usedBasic ? { 'www-authenticate': 'Basic realm="vitrine", charset="UTF-8"' } : {};
  }
}

export class InvalidGrantError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidGrant;
}

export class UnauthorizedClientError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.unauthorizedClient;
}

export class UnsupportedGrantTypeError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.unsupportedGrantType;
}

export class InvalidScopeError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidScope;
}

export class InvalidClientMetadataError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidClientMetadata;
}

/**
 * RFC 6749 §4.1.2.1 names `server_error` and `temporarily_unavailable` for answers an HTTP 500
 * or 503 cannot carry in a redirect; the token, claim, registration and revocation endpoints use
 * them too, so an OAuth client always reads the same error shape. Nothing internal is said.
 */
export class ServerError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.serverError;
  override readonly status = 500;
}

/**
 * A body over BODY_LIMIT_BYTES on an authorization server endpoint: RFC 9110 §15.5.14's 413, in
 * RFC 6749 §5.2's form, so that an OAuth client reads the refusal as it reads any other.
 */
export class ContentTooLargeError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidRequest;
  override readonly status = 413;
}

export class TemporarilyUnavailableError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.temporarilyUnavailable;
  override readonly status = 503;
  override readonly headers: Record<string, string>;

  constructor(description: string, retryAfterSeconds: number) {
    super(description);
    // RFC 9110 §10.2.3
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

/** RFC 8707 §2: the requested resource is unknown, or not one this grant may reach. */
export class InvalidTargetError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidTarget;
}

/** RFC 6749 §4.1.2.1 */
export class UnsupportedResponseTypeError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.unsupportedResponseType;
}

/** RFC 7591 §3.2.2 */
export class InvalidRedirectUriError extends OAuthError {
  readonly code = OAUTH_ERROR_CODES.invalidRedirectUri;
}
