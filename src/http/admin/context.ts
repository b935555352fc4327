import type { Context } from 'hono';
import type { Inbox } from '../../inbox/inbox.js';
import type { DeliveryTrouble } from '../../store/ports/index.js';
import type { Site } from '../../pages/layout.js';
import type { AdminFrame } from '../../pages/admin/admin-layout.js';
import type { AppEnv } from '../env.js';
import { returnPath } from '../../owner/return-path.js';
import { sendHtml } from '../responses/html-response.js';

/** What every owner page needs. */
export interface AdminDeps {
  /** the site with the studio's current profile */
  site: () => Promise<Site>;
  inbox: Inbox;
  /** notifications not getting through (the header warns of them on every owner page) */
  deliveryTrouble: () => Promise<DeliveryTrouble>;
}

/** The header of an owner page: who is signed in, the CSRF token, the unread count and delivery trouble. */
export async function frameOf(c: Context<AppEnv>, deps: AdminDeps): Promise<AdminFrame> {
  const owner = c.get('owner');
  if (!owner) return { site: await deps.site(), owner: null, csrfToken: c.get('csrfToken'), unread: 0 };
  const [site, counts, trouble] = await Promise.all([deps.site(), deps.inbox.counts(), deps.deliveryTrouble()]);
  return { site, owner: owner.email, csrfToken: c.get('csrfToken'), unread: counts.new, ...(trouble.undelivered > 0 ? { trouble } : {}) };
}

/** Owner pages are personal and live: never cached, never shared. */
export function sendAdminHtml(c: Context<AppEnv>, html: string, status = 200): Response {
  return sendHtml(c, html, { status, cacheControl: 'no-store', conditional: false });
}

/** RFC 9110 §15.4.4: after a POST, a 303 to the page to show, so reload never resubmits. */
export function seeOther(c: Context<AppEnv>, location: string): Response {
  return c.redirect(location, 303);
}

/** Pages that need a signed-in owner send everyone else to the sign-in page. */
export function signedIn(c: Context<AppEnv>): boolean {
  return c.get('owner') !== null;
}

/**
 * Someone signed out asked for an owner page: to the sign-in page, which returns them to a page
 * they asked for by GET (`next`) once signed in. A POST's page is not returned to: its form is gone.
 */
export function signInFirst(c: Context<AppEnv>): Response {
  if (c.req.method !== 'GET') return seeOther(c, '/admin/login');
  const url = new URL(c.req.url);
  const next = returnPath(url.pathname + url.search);
  return seeOther(c, next && next !== '/admin' ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin/login');
}
