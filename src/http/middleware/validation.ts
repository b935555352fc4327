import type { Context } from 'hono';
import type { z } from 'zod';
import type { FieldError } from '../../lib/errors.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';

/** Flattens zod issues into `errors: [{path, message}]`, naming unknown keys one by one. */
export function fieldErrors(error: z.ZodError, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [base, key].filter(Boolean).join('.'), message: 'unknown parameter' });
    } else {
      out.push({ path: base || '(body)', message: issue.message });
    }
  }
  return out;
}

/** @hono/zod-openapi defaultHook: every schema failure becomes one 400 problem. */
export function validationHook(result: { success: boolean; error?: unknown; target?: string }, c: Context<AppEnv>): Response | undefined {
  if (result.success) return undefined;
  const target = result.target ?? 'request';
  const errors = fieldErrors(result.error as z.ZodError, target === 'json' || target === 'form' ? '' : target);
  return problem(c, {
    status: 400,
    code: 'validation_failed',
    title: 'Invalid request',
    detail: `The ${target === 'json' ? 'request body' : target} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });
}
