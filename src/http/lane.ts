import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request answered on node:http, before Hono (issue 17): returns true once it has taken the
 * request, or false, having read nothing of it, to leave it to the app.
 */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean;

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
