import { InvalidTargetError } from './oauth-error.js';

/**
 * RFC 8707 resource indicators. This authorization server issues tokens for two protected
 * resources of its own (RFC 9728 metadata names both): the REST API, identified by the issuer
 * URL, and the MCP endpoint.
 */
export function apiResource(issuer: string): string {
  return issuer;
}

export function mcpResource(issuer: string): string {
  return `${issuer}/mcp`;
}

/** A trailing slash names the same resource (`https://host/` = `https://host`). */
function normalise(value: string): string {
  return value.endsWith('/') ? value.slice(0, -1) : value;
}

/**
 * The resource a request asks for: null when it names none (the token then works for every
 * resource here, as tokens always have), else one of ours. RFC 8707 §2: an absolute URI without
 * a fragment; anything unknown, or more than one, is invalid_target.
 */
export function resolveResource(issuer: string, values: readonly string[]): string | null {
  if (values.length === 0) return null;
  if (values.length > 1) throw new InvalidTargetError('Ask for one resource per token: this service issues a token for either its API or its MCP endpoint.');
  const value = values[0]!;
  if (value.includes('#')) throw new InvalidTargetError('"resource" must not contain a fragment (RFC 8707 §2).');
  const wanted = normalise(value);
  for (const known of [apiResource(issuer), mcpResource(issuer)]) if (wanted === known) return known;
  throw new InvalidTargetError(`Unknown resource "${value}"; this server issues tokens for ${apiResource(issuer)} and ${mcpResource(issuer)}.`);
}

/** Whether a token bound to `bound` (null = unbound) may be used at `resource`. */
export function tokenServes(bound: string | null, resource: string): boolean {
  return bound === null || bound === resource;
}
