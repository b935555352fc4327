import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { BoundedMap } from '../../lib/bounded-map.js';

/** The hook @hono/zod-openapi calls with each validation result (src/http/validation.ts). */
export type ValidationHook = (result: { success: boolean; data?: unknown; error?: unknown; target: string }, c: Context) => Response | undefined | Promise<Response | undefined>;

const MEMO_ENTRIES = 1000;

/**
 * Query validation for GET routes, memoized per raw query string: the same query string always
 * parses to the same value, and re-running zod (and building the query object) on every request
 * was a tenth of a cached catalog read's CPU (bench/run.ts). Only successes are remembered, so a
 * bad query answers exactly as @hono/zod-openapi's validator would, every time. Results are
 * frozen: handlers share them.
 */
export function memoizedQuery<S extends z.ZodType>(schema: S, hook: ValidationHook | undefined): MiddlewareHandler<any, string, { out: { query: z.output<S> } }> {
  const memo = new BoundedMap<string, z.output<S>>(MEMO_ENTRIES);
  return async (c, next) => {
    const url = c.req.url;
    const mark = url.indexOf('?');
    const raw = mark === -1 ? '' : url.slice(mark + 1);
    let data = memo.get(raw);
    if (data === undefined) {
      // As hono/validator reads a query: repeated keys become arrays.
      const value = Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => (v.length === 1 ? [k, v[0]] : [k, v])));
      const validated = await validate(schema, value, 'query', hook, c);
      if (validated instanceof Response) return validated;
      data = validated;
      memo.set(raw, data);
    }
    c.req.addValidatedData('query', data as object);
    return next();
  };
}

/** Path parameter validation, memoized per path (one route: the same path has the same parameters). */
export function memoizedParams<S extends z.ZodType>(schema: S, hook: ValidationHook | undefined): MiddlewareHandler<any, string, { out: { param: z.output<S> } }> {
  const memo = new BoundedMap<string, z.output<S>>(MEMO_ENTRIES);
  return async (c, next) => {
    let data = memo.get(c.req.path);
    if (data === undefined) {
      const validated = await validate(schema, c.req.param(), 'param', hook, c);
      if (validated instanceof Response) return validated;
      data = validated;
      memo.set(c.req.path, data);
    }
    c.req.addValidatedData('param', data as object);
    return next();
  };
}

/** @hono/zod-validator's steps: parse, hand the result to the hook, 400 with the zod result otherwise. */
async function validate<S extends z.ZodType>(schema: S, value: unknown, target: string, hook: ValidationHook | undefined, c: Context): Promise<z.output<S> | Response> {
  const result = await schema.safeParseAsync(value);
  if (hook) {
    const answer = await hook({ data: value, ...result, target }, c);
    if (answer instanceof Response) return answer;
  }
  if (!result.success) return c.json(result, 400);
  return Object.freeze(result.data) as z.output<S>;
}
