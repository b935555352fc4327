import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { DomainError, InsufficientScopeError, InvalidTokenError } from '../../lib/errors.js';
import { bearerChallenge } from '../../oauth/challenge.js';
import type { AppEnv } from '../env.js';
import { problem } from './problem.js';

/** A domain error as its problem document, with the RFC 6750 challenge where one applies. */
export function domainErrorResponse(c: Context<AppEnv>, error: DomainError): Response {
  const headers: Record<string, string> = {};
  if (error instanceof InsufficientScopeError) headers['www-authenticate'] = bearerChallenge(c.get('baseUrl'), 'insufficient_scope', { scope: error.scope });
  if (error instanceof InvalidTokenError) headers['www-authenticate'] = bearerChallenge(c.get('baseUrl'), 'invalid_token');
  return problem(c, { status: error.status, code: error.code, title: error.title, detail: error.message, errors: error.errors }, headers);
}

/** The 500 every unexpected failure gets: only the request id, never a message, stack or SQL. */
export function internalErrorResponse(c: Context<AppEnv>): Response {
  return problem(c, {
    status: 500,
    code: 'internal_error',
    title: 'Internal server error',
    detail: `Something went wrong on our side; retry later. Quote request id ${c.get('requestId')} when reporting it.`,
  });
}

/** The one error renderer for the app. */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof DomainError) return domainErrorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return problem(c, { status: error.status, code: 'bad_request', title: 'Bad request', detail: 'The request could not be read.' });
    }
    logger.error({ err: error, requestId: c.get('requestId'), method: c.req.method, path: c.req.path }, 'unhandled error');
    return internalErrorResponse(c);
  };
}
