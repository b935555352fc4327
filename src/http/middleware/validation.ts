import { ERROR_CODES, type FieldError } from '../../lib/errors.js';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { KeyAliases } from '../../lib/unknown-keys.js';
import { fieldErrors, type FieldErrorOptions } from '../../lib/zod-errors.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';

type Result = { success: boolean; error?: unknown; target?: string };

/** @hono/zod-openapi defaultHook: every schema failure becomes one 400 problem. */
export function validationHook(result: Result, c: Context<AppEnv>): Response | undefined {
  return invalidRequest(result, c, {});
}

/**
 * The hook of a route that passes its schemas: an unknown key's message then names the key it
 * likely meant (an alias: `search` → `q`), or those there are.
 */
export function validationHookWith(schemas: Partial<Record<'query' | 'json', z.ZodType>>, aliases: KeyAliases = {}) {
  return (result: Result, c: Context<AppEnv>): Response | undefined => {
    if (result.success) return undefined;
    const schema = schemas[result.target as 'query' | 'json'];
    return invalidRequest(result, c, schema ? { schema, aliases } : {});
  };
}

function invalidRequest(result: Result, c: Context<AppEnv>, options: FieldErrorOptions): Response | undefined {
  if (result.success) return undefined;
  const target = result.target ?? 'request';
  const errors = onceEach(c, target, fieldErrors(result.error as z.ZodError, { ...options, prefix: target === 'json' || target === 'form' ? '' : target, kind: target === 'json' ? 'field' : 'parameter' }));
  return problem(c, {
    status: 400,
    code: ERROR_CODES.validation,
    title: 'Invalid request',
    detail: `The ${target === 'json' ? 'request body' : target} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });
}

/**
 * A query parameter given twice (`?limit=5&limit=6`) reaches the schema as a list, which it
 * calls the wrong type ("must be a number"); say what is wrong instead, once per parameter.
 */
function onceEach(c: Context<AppEnv>, target: string, errors: FieldError[]): FieldError[] {
  if (target !== 'query') return errors;
  const repeated = new Set(Object.entries(c.req.queries()).filter(([, values]) => values.length > 1).map(([name]) => `query.${name}`));
  if (repeated.size === 0) return errors;
  const named = new Set<string>();
  return errors.flatMap((e) => {
    if (!repeated.has(e.path)) return [e];
    if (named.has(e.path)) return [];
    named.add(e.path);
    return [{ path: e.path, message: 'must be given once' }];
  });
}
