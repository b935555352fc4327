/**
 * Domain errors with stable wire codes. The HTTP layer maps them to RFC 9457 problems,
 * the MCP layer to `isError` tool results; neither ever shows an internal message.
 */
export const ERROR_CODES = {
  validation: 'validation_failed',
  badRequest: 'bad_request',
  malformedJson: 'malformed_json',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  notAcceptable: 'not_acceptable',
  conflict: 'idempotency_conflict',
  keyReused: 'idempotency_key_reused',
  unprocessable: 'unprocessable_entity',
  unauthorized: 'unauthorized',
  invalidToken: 'invalid_token',
  insufficientScope: 'insufficient_scope',
  originNotAllowed: 'origin_not_allowed',
  rateLimited: 'rate_limited',
  temporarilyUnavailable: 'temporarily_unavailable',
  notReady: 'not_ready',
  unknownSandboxScenario: 'unknown_sandbox_scenario',
  preconditionFailed: 'precondition_failed',
  preconditionRequired: 'precondition_required',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface FieldError {
  path: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, errors: FieldError[], status = 400) {
    super(status, status === 422 ? ERROR_CODES.unprocessable : ERROR_CODES.validation, status === 422 ? 'Unprocessable content' : 'Invalid request', message, errors);
  }
}

/** RFC 9110 §15.5.13: a condition of the request (If-Match, If-None-Match) does not hold. */
export class PreconditionFailedError extends DomainError {
  constructor(message: string) {
    super(412, ERROR_CODES.preconditionFailed, 'Precondition failed', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, ERROR_CODES.notFound, 'Not found', message);
  }
}

/** RFC 6750 §3.1: the credential is valid but lacks the scope this operation needs. */
export class InsufficientScopeError extends DomainError {
  constructor(readonly scope: string) {
    super(403, ERROR_CODES.insufficientScope, 'Insufficient scope', `This operation needs the scope "${scope}"; request a token that includes it.`);
  }
}

/** RFC 6750 §3.1: the bearer presented is unknown, expired or revoked. */
export class InvalidTokenError extends DomainError {
  constructor(message = 'The access token is unknown, expired or revoked; obtain a new one (see /auth.md).') {
    super(401, ERROR_CODES.invalidToken, 'Invalid token', message);
  }
}

/** A dependency (the database, the rate-limit counters) is unavailable for a moment; retry after `retryAfterSeconds`. */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, ERROR_CODES.temporarilyUnavailable, 'Service unavailable', message);
  }
}

/** RFC 9110 §10.2.3: what a client is told to wait before retrying while the database is away. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * The database cannot answer right now (down, restarting, unreachable, out of disk, read-only):
 * a 503 with Retry-After, never a 500. `reason` (a driver code) is for logs only.
 */
export class StoreUnavailableError extends ServiceUnavailableError {
  constructor(readonly reason: string) {
    super('The database is unavailable for a moment; retry shortly.', STORE_RETRY_AFTER_SECONDS);
  }
}
