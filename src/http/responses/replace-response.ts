import type { Context } from 'hono';

/**
 * Puts a new answer in place of the old one. Hono's `c.res = …` copies the old answer's headers
 * over the new one's (its rule for middleware that wraps a body): clearing it first keeps the
 * new headers as they are.
 */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
