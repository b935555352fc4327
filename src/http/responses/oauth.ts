import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { OAuthError } from '../../oauth/oauth-error.js';
import type { AppEnv } from '../env.js';

/** RFC 6749 §5.1: responses carrying tokens or credentials must not be cached. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

export function oauthJson(c: Context<AppEnv>, body: unknown, status: ContentfulStatusCode = 200): Response {
  return c.newResponse(JSON.stringify(body), status, { 'content-type': 'application/json', ...NO_STORE });
}

/** RFC 6749 §5.2 error body (the app's error renderer, errors.ts, sends every OAuth error through it). */
export function oauthErrorJson(c: Context<AppEnv>, error: OAuthError): Response {
  return c.newResponse(JSON.stringify(error.toJSON()), error.status as ContentfulStatusCode, { 'content-type': 'application/json', ...NO_STORE, ...error.headers });
}
