import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header whose repeated lines combine into one comma-separated value (RFC 9110 §5.3),
 * read from the node request @hono/node-server hands over when there is one: node:http has
 * already parsed and joined it, so this skips the Fetch header lookup and its name check on hot
 * paths. Only for such list headers (X-Forwarded-For, If-None-Match, …): node keeps just the
 * first line of a few singleton fields, such as Authorization, where Fetch would join them.
 * `name` must be lower case.
 */
export function listHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined) return c.req.header(name);
  return listField(incoming.headers[name]);
}

/** A list field as node:http hands it over, joined into one string (RFC 9110 §5.3); undefined when absent. */
export function listField(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Whether the request carries the header at all (any field, any spelling of its name). */
export function hasHeader(c: Context, name: string): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming === undefined ? c.req.header(name) !== undefined : incoming.headers[name] !== undefined;
}
