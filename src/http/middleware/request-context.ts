import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { Metrics } from '../../metrics/metrics.js';
import type { AppEnv } from '../env.js';
import { listHeader } from '../requests/header.js';
import { contributeResponseHeaders, finishResponseHeaders } from '../responses/response-headers.js';
import { headContentLength } from './head-length.js';
import { routeOf } from './route-of.js';

export interface RequestContextOptions {
  baseUrl: string;
  /** the client address from the socket peer and X-Forwarded-For (lib/client-ip.ts, TRUST_PROXY) */
  clientIp(socketAddress: string | undefined, forwardedFor: string | undefined): string;
  nextRequestId: () => string;
  /** the metric sample and log line of an answered request (accessRecorder) */
  record: AccessRecorder;
  /** the constant headers an answer on this path carries (security headers, public CORS) */
  headersFor(path: string): Readonly<Record<string, string>>;
  /** the content coding of the finished answer (response-encoding.ts); undefined when there is nothing to do */
  encode?: (c: Context) => Promise<void> | undefined;
}

/**
 * The outermost middleware. Before the request: its id, the per-request variables, the client
 * address (the socket peer, following `X-Forwarded-For` only through the proxies TRUST_PROXY
 * names; `unknown` in-process) and the constant headers of its path. After it: the headers every
 * middleware contributed (response-headers.ts), the content coding (on the complete answer, so
 * the time it takes is in the metric), a HEAD answer's Content-Length (head-length.ts), one
 * metric sample and one log line.
 */
export function requestContext(options: RequestContextOptions): MiddlewareHandler<AppEnv> {
  const { baseUrl, clientIp, nextRequestId, record, headersFor, encode } = options;
  return async (c, next) => {
    const started = performance.now();
    const requestId = nextRequestId();
    c.set('requestId', requestId);
    c.set('baseUrl', baseUrl);
    c.set('clientIp', clientIp(socketAddress(c), listHeader(c, 'x-forwarded-for')));
    // One object, started from the constant: cheaper to merge than two contributions.
    contributeResponseHeaders(c, { ...headersFor(c.req.path), 'x-request-id': requestId });
    await next();
    finishResponseHeaders(c);
    const encoding = encode?.(c);
    if (encoding !== undefined) await encoding;
    if (c.req.method === 'HEAD') await headContentLength(c);
    record(requestId, c.req.method, c.req.path, routeOf(c), c.res.status, started);
  };
}

/** What every answered request leaves behind: one metric sample and one access-log line. */
export type AccessRecorder = (requestId: string, method: string, path: string, route: string, status: number, started: number) => void;

/** The one access record, shared by requestContext and the cached-read lane (cached-read-lane.ts). */
export function accessRecorder(logger: Logger, metrics: Metrics): AccessRecorder {
  return (requestId, method, path, route, status, started) => {
    const ms = performance.now() - started;
    metrics.recordRequest(method, route, status, ms / 1000);
    // Never the query string's secrets or any header: method, path, status and timing only.
    logger.info({ requestId, method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
  };
}

/** What @hono/node-server's getConnInfo reads, without building its object per request. */
function socketAddress(c: Parameters<MiddlewareHandler>[0]): string | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
}
