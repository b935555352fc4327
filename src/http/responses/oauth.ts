import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { OAuthError } from '../../oauth/oauth-error.js';
import type { AppEnv } from '../env.js';

/** RFC 6749 §5.1: responses carrying tokens or credentials must not be cached. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

export function oauthJson(c: Context<AppEnv>, body: unknown, status: ContentfulStatusCode = 200): Response {
  return c.newResponse(JSON.stringify(body), status, { 'content-type': 'application/json', ...NO_STORE });
}

/** RFC 6749 §5.2 error body; anything that is not an OAuthError goes on to the 500 renderer. */
export function oauthErrorResponse(c: Context<AppEnv>, error: unknown): Response {
  if (!(error instanceof OAuthError)) throw error;
  return c.newResponse(JSON.stringify(error.toJSON()), error.status as ContentfulStatusCode, { 'content-type': 'application/json', ...NO_STORE, ...error.headers });
}

/** Wraps an OAuth endpoint so its errors answer in RFC 6749 JSON, not problem+json. */
export function oauthEndpoint(handler: (c: Context<AppEnv>) => Promise<Response>): (c: Context<AppEnv>) => Promise<Response> {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      return oauthErrorResponse(c, error);
    }
  };
}
