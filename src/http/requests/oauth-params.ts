import type { Context } from 'hono';
import type { OAuthRequest } from '../../oauth/context.js';
import { InvalidRequestError, InvalidTargetError } from '../../oauth/oauth-error.js';
import { ONE_RESOURCE } from '../../oauth/resources.js';
import type { AppEnv } from '../env.js';
import { isJsonMediaType, mediaTypeOf } from './media-type.js';

/**
 * Reads OAuth parameters, form-encoded (RFC 6749 §3.2) or as a JSON object. Each parameter
 * may appear once (§3.2: "MUST NOT be included more than once") and must be a string.
 */
export async function readOAuthRequest(c: Context<AppEnv>): Promise<OAuthRequest> {
  const contentType = c.req.header('content-type');
  const type = mediaTypeOf(contentType);
  let params: Record<string, string>;
  if (type === FORM) params = oauthFormParams(await c.req.text());
  // RFC 6749 §3.2 has clients send forms; a JSON object of string parameters is accepted too,
  // since many agents send JSON by default and nothing is lost by understanding it.
  else if (isJsonMediaType(contentType)) params = jsonParams(await c.req.text());
  else throw new InvalidRequestError(`Send the parameters as application/x-www-form-urlencoded or application/json (got ${type || 'no Content-Type'}).`);
  return { authorization: c.req.header('authorization'), params };
}

export const FORM = 'application/x-www-form-urlencoded';

/** A form body's parameters (RFC 6749 §3.2), each at most once; the token lane reads them too. */
export function oauthFormParams(body: string): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  // Names seen, empty or not: an empty value is treated as omitted, yet `client_id=&client_id=x` still repeats it.
  const seen = new Set<string>();
  for (const [key, value] of new URLSearchParams(body)) {
    if (seen.has(key) && key === 'resource') throw new InvalidTargetError(ONE_RESOURCE);
    if (seen.has(key)) throw new InvalidRequestError(`The "${key}" parameter is repeated.`);
    seen.add(key);
    // RFC 6749 §3.2: parameters sent without a value are treated as omitted.
    if (value !== '') params[key] = value;
  }
  return params;
}

function jsonParams(text: string): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidRequestError('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidRequestError('The JSON body must be an object of string parameters.');
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') throw new InvalidRequestError(`The "${key}" parameter must be a string.`);
    if (value !== '') params[key] = value;
  }
  return params;
}
