import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Admission } from './middleware/rate-limit.js';
import type { AccessRecorder } from './middleware/request-context.js';

/**
 * A request answered on node:http, before Hono (issue 17): returns true once it has taken the
 * request, or false, having read nothing of it, to leave it to the app.
 */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The app's own outer steps, which a lane runs as requestContext and the rate limit would. */
export interface LaneSteps {
  /** the constant headers of a path's answers (security headers, public CORS), as requestContext adds them */
  headersFor(path: string): Readonly<Record<string, string>>;
  nextRequestId(): string;
  /** the client address, as requestContext resolves it (TRUST_PROXY) */
  clientIp(socketAddress: string | undefined, forwardedFor: string | undefined): string;
  admit: Admission;
  record: AccessRecorder;
}

/** The first lane that takes the request. */
export function firstLane(...lanes: readonly Lane[]): Lane {
  return (req, res) => {
    for (const lane of lanes) if (lane(req, res)) return true;
    return false;
  };
}

/** @hono/node-server's reValidHost: a Host header it builds the request URL from unchecked (any other it checks, and may refuse with 400). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** A Host the app would take as it is: a lane answers only those. */
export function isPlainHost(host: string | undefined): boolean {
  return host !== undefined && PLAIN_HOST.test(host);
}
