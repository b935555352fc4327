import { DomainError, ERROR_CODES } from '../lib/errors.js';

export class IdempotencyInFlightError extends DomainError {
  constructor() {
    super(409, ERROR_CODES.conflict, 'Request in progress', 'A request with this Idempotency-Key is still being processed; retry after it finishes to receive its result.');
  }
}

export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(422, ERROR_CODES.keyReused, 'Idempotency-Key reused', 'This Idempotency-Key was already used with a different request body; use a new key for a new request.');
  }
}
