import { IdempotencyInFlightError } from '../idempotency/errors.js';
import type { DomainError } from '../lib/errors.js';
import { invalidInput } from '../lib/zod-errors.js';
import { inquiryInputSchema } from './schemas.js';

/** The real validation of a real bad inquiry (a malformed email, a short message): same words, same shape. */
const REHEARSED_VALIDATION = invalidInput('The inquiry', inquiryInputSchema.safeParse({ name: 'Ada', email: 'ada@', message: 'Hi' }).error!);

/**
 * The error a sandbox write raises to rehearse one of the failures its channel answers in band
 * (REST: a problem document; MCP: an `isError` tool result), as the real path raises it.
 */
export function rehearsedFailure(scenario: 'idempotency_conflict' | 'validation_failed'): DomainError {
  return scenario === 'idempotency_conflict' ? new IdempotencyInFlightError() : REHEARSED_VALIDATION;
}
