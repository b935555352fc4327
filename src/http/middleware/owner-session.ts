import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { OwnerSession, Sessions } from '../../owner/sessions.js';
import type { AppEnv } from '../env.js';

/**
 * The session cookie. On https it is `__Host-` prefixed (RFC 6265bis §4.1.3.2: Secure, no
 * Domain, Path=/), so no other host and no plain-http page can set or read it; on plain http (a
 * local run) a `__Host-` cookie cannot exist, so the name drops the prefix. HttpOnly: no script
 * reads it; SameSite=Lax: cross-site POSTs never carry it.
 */
export interface SessionCookie {
  name: string;
  secure: boolean;
}

export function sessionCookie(https: boolean): SessionCookie {
  return { name: https ? '__Host-vitrine_session' : 'vitrine_session', secure: https };
}

/** Max-Age rather than Expires: relative, so a browser with a wrong clock keeps it as long (RFC 6265 §5.3 step 3 gives it precedence). */
export function setSessionCookie(c: Context, cookie: SessionCookie, id: string, maxAgeSeconds: number): void {
  setCookie(c, cookie.name, id, { path: '/', httpOnly: true, secure: cookie.secure, sameSite: 'Lax', maxAge: maxAgeSeconds });
}

export function clearSessionCookie(c: Context, cookie: SessionCookie): void {
  deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure });
}

export function sessionIdOf(c: Context, cookie: SessionCookie): string | undefined {
  return getCookie(c, cookie.name);
}

/** Sets `owner` from a live session cookie (or null); pages decide what to do without one. */
export function ownerSession(sessions: Sessions, cookie: SessionCookie): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session: OwnerSession | null = await sessions.resolve(sessionIdOf(c, cookie));
    c.set('owner', session);
    await next();
  };
}
