import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { DomainError, InsufficientScopeError, InvalidTokenError } from '../lib/errors.js';
import { bearerChallenge } from '../oauth/challenge.js';
import type { AppEnv } from './env.js';
import { problem } from './problem.js';

/**
 * The one error renderer: domain errors become their problem, anything unexpected becomes a
 * 500 that names only the request id (never a message, stack or SQL).
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof DomainError) {
      const headers: Record<string, string> = {};
      if (error instanceof InsufficientScopeError) headers['www-authenticate'] = bearerChallenge(c.get('baseUrl'), 'insufficient_scope', { scope: error.scope });
      if (error instanceof InvalidTokenError) headers['www-authenticate'] = bearerChallenge(c.get('baseUrl'), 'invalid_token');
      return problem(c, { status: error.status, code: error.code, title: error.title, detail: error.message, errors: error.errors }, headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return problem(c, { status: error.status, code: 'bad_request', title: 'Bad request', detail: 'The request could not be read.' });
    }
    logger.error({ err: error, requestId: c.get('requestId'), method: c.req.method, path: c.req.path }, 'unhandled error');
    return problem(c, {
      status: 500,
      code: 'internal_error',
      title: 'Internal server error',
      detail: `Something went wrong on our side; retry later. Quote request id ${c.get('requestId')} when reporting it.`,
    });
  };
}
