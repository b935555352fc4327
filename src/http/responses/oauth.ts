import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { OAuthError } from '../../oauth/oauth-error.js';
import type { AppEnv } from '../env.js';
import { respondWith } from './response-headers.js';

/** RFC 6749 §5.1: responses carrying tokens or credentials must not be cached. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** A JSON answer's type with NO_STORE: tokens, credentials, keys and their errors. */
export const JSON_NO_STORE: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json', ...NO_STORE });

/**
 * A successful answer of the token, claim and registration endpoints, built in one step with the
 * middleware's contributed headers (respondWith): through `c.newResponse` they were set one by
 * one on its Headers afterwards, ~3% of a token's CPU (issue 17). These handlers set no header
 * with `c.header()`, which respondWith would not see.
 */
export function oauthJson(c: Context<AppEnv>, body: unknown, status: ContentfulStatusCode = 200): Response {
  return respondWith(c, JSON.stringify(body), status, JSON_NO_STORE);
}

/** RFC 6749 §5.2 error body (the app's error renderer, errors.ts, sends every OAuth error through it), in one step too. */
export function oauthErrorJson(c: Context<AppEnv>, error: OAuthError): Response {
  return respondWith(c, JSON.stringify(error.toJSON()), error.status, { ...JSON_NO_STORE, ...error.headers });
}
