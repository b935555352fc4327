import type { Context } from 'hono';
import type { FieldError } from '../../lib/errors.js';
import { PROBLEMS_PATH, problemTypeSlug } from '../../lib/problem-types.js';
import type { AppEnv } from '../env.js';
import { respondWith } from './response-headers.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemInit {
  status: number;
  /** stable machine code, also the last segment of `type` */
  code: string;
  title: string;
  detail: string;
  errors?: FieldError[] | undefined;
  /** extension members (RFC 9457 §3.2) */
  extra?: Record<string, unknown>;
}

/** RFC 9457 problem document; `type` is a stable URI under {base}/problems/. */
export function problemDocument(baseUrl: string, instance: string, p: ProblemInit): Record<string, unknown> {
  return {
    type: `${baseUrl}${PROBLEMS_PATH}/${problemTypeSlug(p.code)}`,
    title: p.title,
    status: p.status,
    detail: p.detail,
    instance,
    error: p.code,
    ...(p.errors && p.errors.length > 0 ? { errors: p.errors } : {}),
    ...p.extra,
  };
}

export function problemResponse(baseUrl: string, instance: string, p: ProblemInit, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problemDocument(baseUrl, instance, p)), {
    status: p.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-store', ...headers },
  });
}

/**
 * The app's problem answer, built in one step with the middleware's headers (respondWith): every
 * refusal (401, 404, 429, 400…) costs less than an answer would, which matters most when they
 * come in floods. `headers` names are lower case; a header set with `c.header()` is not sent.
 */
export function problem(c: Context<AppEnv>, p: ProblemInit, headers: Readonly<Record<string, string>> = {}): Response {
  const body = JSON.stringify(problemDocument(c.get('baseUrl'), c.req.path, p));
  return respondWith(c, body, p.status, { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-store', ...headers });
}
