import { LogThrottle } from '../../lib/log-throttle.js';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { DomainError, ERROR_CODES, InsufficientScopeError, InvalidTokenError, ServiceUnavailableError, StoreUnavailableError } from '../../lib/errors.js';
import { bearerChallenge } from '../../oauth/challenge.js';
import { InvalidRequestError, OAuthError, ServerError, TemporarilyUnavailableError } from '../../oauth/oauth-error.js';
import type { AppEnv } from '../env.js';
import { oauthErrorJson } from './oauth.js';
import { problem } from './problem.js';

/** The authorization server's endpoints answer every error in RFC 6749 §5.2 JSON, never problem+json. */
export function isOAuthPath(path: string): boolean {
  return path.startsWith('/oauth/');
}

/** A domain error as its problem document, with the RFC 6750 challenge or Retry-After where one applies. */
export function domainErrorResponse(c: Context<AppEnv>, error: DomainError): Response {
  const headers: Record<string, string> = {};
  if (error instanceof InsufficientScopeError) headers['www-authenticate'] = bearerChallenge(c.get('baseUrl'), 'insufficient_scope', { scope: error.scope });
  if (error instanceof InvalidTokenError) headers['www-authenticate'] = bearerChallenge(c.get('baseUrl'), 'invalid_token');
  if (error instanceof ServiceUnavailableError) headers['retry-after'] = String(error.retryAfterSeconds);
  return problem(c, { status: error.status, code: error.code, title: error.title, detail: error.message, errors: error.errors }, headers);
}

/** The 500 every unexpected failure gets: only the request id, never a message, stack or SQL. */
export function internalErrorResponse(c: Context<AppEnv>): Response {
  return problem(c, {
    status: 500,
    code: ERROR_CODES.internal,
    title: 'Internal server error',
    detail: `Something went wrong on our side; retry later. Quote request id ${c.get('requestId')} when reporting it.`,
  });
}

/**
 * What an error on an OAuth endpoint answers: its own RFC 6749 error, and for anything that is
 * the server's fault (5xx) `temporarily_unavailable` or `server_error` with nothing internal,
 * as node-oidc-provider's renderer does. The token lane (oauth-token-lane.ts) answers with it too.
 */
export function oauthErrorFor(error: Error, requestId: string): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof ServiceUnavailableError) return new TemporarilyUnavailableError(error.message, error.retryAfterSeconds);
  if (error instanceof DomainError && error.status < 500) return new InvalidRequestError(error.message);
  if (error instanceof HTTPException && error.status < 500) return new InvalidRequestError('The request could not be read.');
  return new ServerError(`The server met an unexpected condition; retry later. Quote request id ${requestId} when reporting it.`);
}

/** An error some request met, as the log tells of it. */
export interface FailedRequest {
  requestId: string;
  method: string;
  path: string;
}

/**
 * Node's error for a request whose client went away before its body was read (node:_http_server's
 * abortIncoming): not the server's failure, and no answer can reach anyone.
 */
export function isClientAbort(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ECONNRESET' && error.message === 'aborted';
}

/** What the access log and the metrics count such a request as: nginx's 499, "client closed request". */
export const CLIENT_CLOSED_REQUEST = 499;

/** Logs what an error tells the operator, once per request; whether it was unexpected. */
export type FailureReporter = (error: Error, request: FailedRequest) => boolean;

/** The one failure log of the app and the token lane. */
export function failureReporter(logger: Logger, now: () => number): FailureReporter {
  // A database away fails every request that needs it: one line per 10 s, counting the rest.
  const storeDown = new LogThrottle(10_000, now);
  return (error, request) => {
    if (isClientAbort(error)) {
      // Info, not an error: anyone can cut a connection, and a page of these must not bury real failures.
      logger.info(request, 'the client closed the connection before the request was read');
      return false;
    }
    const unexpected = !(error instanceof DomainError || error instanceof OAuthError || (error instanceof HTTPException && error.status < 500));
    if (unexpected) logger.error({ err: error, ...request }, 'unhandled error');
    // The driver's code only: its message can name hosts and users.
    if (error instanceof StoreUnavailableError) {
      storeDown.run((suppressedSinceLastLog) => logger.warn({ ...request, reason: error.reason, suppressedSinceLastLog }, 'database unavailable: answered 503'));
    }
    return unexpected;
  };
}

/** The one error renderer for the app. */
export function errorHandler(report: FailureReporter) {
  return (error: Error, c: Context<AppEnv>): Response => {
    const unexpected = report(error, { requestId: c.get('requestId'), method: c.req.method, path: c.req.path });
    if (isClientAbort(error)) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    if (isOAuthPath(c.req.path) || error instanceof OAuthError) return oauthErrorJson(c, oauthErrorFor(error, c.get('requestId')));
    if (error instanceof DomainError) return domainErrorResponse(c, error);
    if (!unexpected) return problem(c, { status: (error as HTTPException).status, code: ERROR_CODES.badRequest, title: 'Bad request', detail: 'The request could not be read.' });
    return internalErrorResponse(c);
  };
}
