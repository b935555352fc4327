import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { LoginLinks } from '../../owner/login-links.js';
import { CODE_MINUTES, type SignIn } from '../../owner/sign-in.js';
import { returnPath } from '../../owner/return-path.js';
import type { Sessions } from '../../owner/sessions.js';
import { renderCodePage, renderEmailPage, renderLinkPage } from '../../pages/admin/render.js';
import { frameOf, seeOther, sendAdminHtml, type AdminDeps } from '../admin/context.js';
import type { AppEnv } from '../env.js';
import { clearSessionCookie, sessionIdOf, setSessionCookie, type SessionCookie } from '../middleware/owner-session.js';

export interface SignInRouteOptions extends AdminDeps {
  signIn: SignIn;
  loginLinks: LoginLinks;
  sessions: Sessions;
  cookie: SessionCookie;
  /** the per-address limit on code checks (the per-IP one on every sign-in request is the `signin` rate-limit policy) */
  limitAddress(email: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

/** One message for every failure, so a wrong, expired or exhausted code and a non-owner look alike. */
const CODE_FAILED = `That code did not work. A code works once, for ${CODE_MINUTES} minutes and five tries; ask for a new one if it has expired.`;

function field(body: Record<string, unknown>, name: string, max: number): string {
  const value = body[name];
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** /admin/login: an emailed one-time code, or a CLI login link; /admin/logout ends the session. */
export function registerSignInRoutes(app: OpenAPIHono<AppEnv>, options: SignInRouteOptions): void {
  const { signIn, sessions, cookie } = options;
  const page = async (c: Context<AppEnv>, render: (frame: Awaited<ReturnType<typeof frameOf>>) => string, status = 200) => sendAdminHtml(c, render(await frameOf(c, options)), status);
  const tooMany = async (c: Context<AppEnv>, email: string, next: string | undefined, seconds: number) => {
    const res = await page(c, (f) => renderEmailPage({ site: f.site, csrfToken: f.csrfToken, email, next, error: `Too many sign-in attempts for this address. Try again in ${Math.ceil(seconds / 60)} minutes.` }), 429);
    // RFC 6585 §4 / RFC 9110 §10.2.3: a 429 says when to come back.
    res.headers.set('retry-after', String(Math.max(1, Math.ceil(seconds))));
    return res;
  };

  // `next`: the admin page asked for while signed out (signInFirst), carried through both steps.
  const startSession = async (c: Context<AppEnv>, email: string, next?: string) => {
    const { id, maxAgeSeconds } = await sessions.start(email);
    setSessionCookie(c, cookie, id, maxAgeSeconds);
    return seeOther(c, next ?? '/admin');
  };

  app.get('/admin/login', (c) => {
    const next = returnPath(c.req.query('next'));
    const notice = c.req.query('signed_out') === '1' ? 'You are signed out.' : undefined;
    return c.get('owner') ? seeOther(c, next ?? '/admin') : page(c, (f) => renderEmailPage({ site: f.site, csrfToken: f.csrfToken, email: '', next, notice }));
  });

  app.post('/admin/login', async (c) => {
    const body = await c.req.parseBody();
    const email = field(body, 'email', 254);
    const next = returnPath(field(body, 'next', 600));
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return page(c, (f) => renderEmailPage({ site: f.site, csrfToken: f.csrfToken, email, next, error: 'Enter an email address, like name@example.com.' }), 422);
    }
    // Asking for a code is limited per client (the `signin` policy) only: a per-address limit here
    // let anyone lock an owner out with ten requests. Checking codes stays limited per address.
    await signIn.requestCode(email);
    return page(c, (f) => renderCodePage({ site: f.site, csrfToken: f.csrfToken, email, next, validMinutes: CODE_MINUTES }));
  });

  app.post('/admin/login/code', async (c) => {
    const body = await c.req.parseBody();
    const email = field(body, 'email', 254);
    const next = returnPath(field(body, 'next', 600));
    const code = field(body, 'code', 12).replace(/\s+/g, '');
    const limited = await options.limitAddress(email);
    if (!limited.ok) return tooMany(c, email, next, limited.retryAfterSeconds);
    const check = await signIn.checkCode(email, code);
    if (!check.ok) return page(c, (f) => renderCodePage({ site: f.site, csrfToken: f.csrfToken, email, next, validMinutes: CODE_MINUTES, error: CODE_FAILED }), 422);
    return startSession(c, check.email, next);
  });

  app.get('/admin/login/link', (c) => page(c, (f) => renderLinkPage({ site: f.site, csrfToken: f.csrfToken, token: (c.req.query('token') ?? '').slice(0, 100) })));

  app.post('/admin/login/link', async (c) => {
    const email = await options.loginLinks.consume(field(await c.req.parseBody(), 'token', 100));
    if (email === null) return page(c, (f) => renderLinkPage({ site: f.site, csrfToken: f.csrfToken, token: '', error: 'This sign-in link has been used or has expired.' }), 410);
    return startSession(c, email);
  });

  app.post('/admin/logout', async (c) => {
    await sessions.end(sessionIdOf(c, cookie));
    clearSessionCookie(c, cookie);
    return seeOther(c, '/admin/login?signed_out=1');
  });
}
