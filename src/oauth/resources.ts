import { InvalidGrantError, InvalidTargetError } from './oauth-error.js';

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

/**
 * A resource URI as compared: scheme and host are case-insensitive and a default port is no
 * port (RFC 3986 §6.2.2–6.2.3; the MCP authorization spec's canonical server URI asks servers
 * to accept uppercase scheme and host), and a trailing slash names the same resource.
 */
function canonical(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const path = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  return `${url.protocol}//${url.host}${path}${url.search}`;
}

/** Which of our resources `value` names, or undefined. */
function ours(issuer: string, value: string): string | undefined {
  const wanted = canonical(value);
  return [apiResource(issuer), mcpResource(issuer)].find((known) => canonical(known) === wanted);
}

/** RFC 8707 §2 allows several `resource` parameters; this server issues a token for one. */
export const ONE_RESOURCE = 'Ask for one resource per token: this service issues a token for either its API or its MCP endpoint.';

/**
 * The resource a request asks for: null when it names none (the token then works for every
 * resource here, as tokens always have), else one of ours. RFC 8707 §2: an absolute URI without
 * a fragment; anything unknown, or more than one, is invalid_target.
 */
export function resolveResource(issuer: string, values: readonly string[]): string | null {
  if (values.length === 0) return null;
  if (values.length > 1) throw new InvalidTargetError(ONE_RESOURCE);
  const value = values[0]!;
  if (value.includes('#')) throw new InvalidTargetError('"resource" must not contain a fragment (RFC 8707 §2).');
  const known = ours(issuer, value);
  if (known) return known;
  throw new InvalidTargetError(`Unknown resource "${value}"; this server issues tokens for ${apiResource(issuer)} and ${mcpResource(issuer)}.`);
}

/** resolveResource for a token request's single `resource` parameter (several are refused as they arrive). */
export function resourceParam(issuer: string, value: string | undefined): string | null {
  return resolveResource(issuer, value === undefined ? [] : [value]);
}

/** Whether a token bound to `bound` (null = unbound) may be used at `resource`. */
export function tokenServes(bound: string | null, resource: string): boolean {
  return bound === null || bound === resource;
}

/**
 * The resource a token redeemed from an ID-JAG is for. The assertion's `resource` claim (draft
 * identity-assertion-authz-grant §3: a URI or an array of URIs) says where its holder may use
 * it: one naming none of ours is not for this server, and a token request may only narrow it.
 * `requested` is resolveResource's answer for the request; an assertion without the claim
 * leaves it as it is.
 */
export function withinAssertion(issuer: string, requested: string | null, claim: unknown): string | null {
  if (claim === undefined) return requested;
  const listed = Array.isArray(claim) ? claim : [claim];
  const allowed = new Set<string>();
  for (const value of listed) {
    if (typeof value !== 'string') throw new InvalidGrantError('The assertion\'s "resource" claim must be a URI or an array of URIs.');
    const known = ours(issuer, value);
    if (known) allowed.add(known);
  }
  if (allowed.size === 0) throw new InvalidGrantError('The assertion was issued for another resource: its "resource" claim names none of this server\'s.');
  if (requested !== null) {
    if (!allowed.has(requested)) throw new InvalidTargetError('The requested resource is not one the assertion was issued for.');
    return requested;
  }
  return allowed.size === 1 ? [...allowed][0]! : null;
}
