import { ERROR_CODES } from '../../lib/errors.js';
import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../../lib/zod-errors.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';

/** @hono/zod-openapi defaultHook: every schema failure becomes one 400 problem. */
export function validationHook(result: { success: boolean; error?: unknown; target?: string }, c: Context<AppEnv>): Response | undefined {
  if (result.success) return undefined;
  const target = result.target ?? 'request';
  const errors = fieldErrors(result.error as z.ZodError, { prefix: target === 'json' || target === 'form' ? '' : target, unknown: 'unknown parameter' });
  return problem(c, {
    status: 400,
    code: ERROR_CODES.validation,
    title: 'Invalid request',
    detail: `The ${target === 'json' ? 'request body' : target} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });
}
