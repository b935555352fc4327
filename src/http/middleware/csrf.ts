import { HTTPException } from 'hono/http-exception';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Random } from '../../lib/clock.js';
import type { AppEnv } from '../env.js';

/**
 * CSRF protection for every owner form (OWASP "signed double-submit cookie"): each browser gets
 * a random, HttpOnly cookie; every form carries HMAC(key, that cookie) in `_csrf`; a POST whose
 * field does not match its own cookie is refused. A page on another site can make the browser
 * send the cookie but cannot read it or compute the field. An `Origin` other than ours is
 * refused too. It works before sign-in (the login forms) and after.
 */
export interface CsrfOptions {
  key: Buffer;
  random: Random;
  https: boolean;
  /** the public origin (scheme://host[:port]) forms must come from */
  origin: string;
  /** answers a refused request (an HTML page for people) */
  refuse: (c: Context<AppEnv>) => Response | Promise<Response>;
}

export const CSRF_FIELD = '_csrf';

function tokenFor(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The form's fields, or null for a body that is no form at all (a malformed multipart, say). */
async function readForm(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  try {
    return await c.req.parseBody();
  } catch (error) {
    // A body over the limit keeps its own answer (413).
    if (error instanceof HTTPException) throw error;
    return null;
  }
}

export function csrf(options: CsrfOptions): MiddlewareHandler<AppEnv> {
  const name = options.https ? '__Host-vitrine_csrf' : 'vitrine_csrf';
  const cookieOptions = { path: '/', httpOnly: true, secure: options.https, sameSite: 'Lax' as const };
  return async (c, next) => {
    let value = getCookie(c, name);
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const origin = c.req.header('origin');
      const body = await readForm(c);
      if (body === null) return options.refuse(c);
      const sent = typeof body[CSRF_FIELD] === 'string' ? (body[CSRF_FIELD] as string) : '';
      if ((origin !== undefined && origin !== options.origin) || value === undefined || sent === '' || !same(sent, tokenFor(options.key, value))) return options.refuse(c);
    }
    if (value === undefined || !/^[A-Za-z0-9_-]{43}$/.test(value)) {
      value = options.random.bytes(32).toString('base64url');
      setCookie(c, name, value, cookieOptions);
    }
    c.set('csrfToken', tokenFor(options.key, value));
    await next();
  };
}
