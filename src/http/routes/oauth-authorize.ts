import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Random } from '../../lib/clock.js';
import { fieldsHaveNul, targetHasNul } from '../../lib/nul-character.js';
import { AuthorizePageError, AuthorizeRedirectError } from '../../oauth/authorize-request.js';
import type { Authorization, PendingConsent } from '../../oauth/authorization.js';
import { isReplyAddress } from '../../inquiries/reply-address.js';
import { PROOF_CODE_MINUTES, type EmailProof } from '../../oauth/email-proof.js';
import { cspSourceOf, returnTarget } from '../../oauth/redirect-uris.js';
import { splitScope } from '../../oauth/scopes.js';
import type { Site } from '../../pages/layout.js';
import { renderAuthorizeErrorPage, renderConsentCodePage, renderConsentPage, type ConsentView } from '../../pages/oauth/consent.js';
import { addressLimit, clientIpLimit } from '../../ratelimit/address-limit.js';
import { UNKNOWN_IP } from '../../lib/client-ip.js';
import { subjectKey } from '../../ratelimit/subject.js';
import type { RateLimiter } from '../../ratelimit/limiter.js';
import type { AppEnv } from '../env.js';
import { csrf } from '../middleware/csrf.js';
import { HTML_CSP, sendHtml } from '../responses/html-response.js';
import { documentAuthorizeRoutes } from '../openapi/authorize-doc.js';

export const AUTHORIZE_PATH = '/oauth/authorize';

export interface AuthorizeRouteOptions {
  authorization: Authorization;
  emailProof: EmailProof;
  /** the site with the studio's current profile */
  site: () => Promise<Site>;
  /** PUBLIC_URL: the origin forms must come from */
  baseUrl: string;
  random: Random;
  csrfKey: Buffer;
  limiter: RateLimiter | null;
}

const PROOF_FAILED = `That code did not work. A code works once, for ${PROOF_CODE_MINUTES} minutes and five tries; ask for a new one if it has expired.`;
/** A consent form sent again after it was answered (a reload, a replayed POST): one consent, one code. */
const ANSWERED = 'This request was already answered. To sign in again, start again from the application.';

/**
 * The consent page may show the client's https logo and, after a decision, the form's answer
 * redirects to the client: CSP form-action governs that redirect, so it names the client's origin.
 */
function consentCsp(redirectUri: string): string {
  return HTML_CSP.replace("img-src 'self' data:", "img-src 'self' data: https:").replace("form-action 'self'", `form-action 'self' ${cspSourceOf(redirectUri)}`);
}

function page(c: Context<AppEnv>, html: string, status: number, csp = HTML_CSP): Response {
  return sendHtml(c, html, { status, cacheControl: 'no-store', conditional: false, headers: { 'content-security-policy': csp } });
}

function field(body: Record<string, unknown>, name: string, max: number): string {
  const value = body[name];
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** GET and POST /oauth/authorize: RFC 6749 §4.1.1 with the consent page (same design system, no script). */
export function registerAuthorizeRoutes(app: OpenAPIHono<AppEnv>, options: AuthorizeRouteOptions): void {
  const { authorization, emailProof, site, baseUrl } = options;
  documentAuthorizeRoutes(app);
  const errorPage = async (c: Context<AppEnv>, message: string, status = 400) => page(c, renderAuthorizeErrorPage(await site(), message), status);
  app.use(AUTHORIZE_PATH, csrf({ key: options.csrfKey, random: options.random, https: baseUrl.startsWith('https:'), origin: new URL(baseUrl).origin, refuse: (c) => errorPage(c, 'The form expired or came from another site. Start again from the application.', 403) }));

  const view = async (c: Context<AppEnv>, pending: PendingConsent, extra: Partial<ConsentView> = {}): Promise<ConsentView> => ({
    site: await site(),
    csrfToken: c.get('csrfToken'),
    ticket: pending.ticket,
    clientName: pending.client.client_name ?? 'An unnamed application',
    clientId: pending.client.client_id,
    logoUri: pending.client.logo_uri,
    clientUri: pending.client.client_uri,
    returnTo: returnTarget(pending.request.redirectUri),
    scopes: splitScope(pending.request.scope),
    emailProof: emailProof.available,
    ...extra,
  });
  const consent = async (c: Context<AppEnv>, pending: PendingConsent, extra: Partial<ConsentView> = {}, status = 200) => page(c, renderConsentPage(await view(c, pending, extra)), status, consentCsp(pending.request.redirectUri));
  const codePage = async (c: Context<AppEnv>, pending: PendingConsent, email: string, error?: string, status = 200) =>
    page(c, renderConsentCodePage({ ...(await view(c, pending, { error })), email, validMinutes: PROOF_CODE_MINUTES }), status, consentCsp(pending.request.redirectUri));
  // RFC 9110 §15.4.4: after the form, 303 to the client's redirect URI.
  const backToClient = (c: Context<AppEnv>, location: string, status: 302 | 303) => c.redirect(location, status);

  const limitAddress = addressLimit(options.limiter, 'consent:');
  const limitClient = clientIpLimit(options.limiter, 'consent:');

  app.get(AUTHORIZE_PATH, async (c) => {
    // Left to this page by the NUL guard (middleware/no-nul.ts), which would answer in JSON.
    if (targetHasNul(c.req.url)) return errorPage(c, 'This authorization request could not be read. Start again from the application.');
    try {
      return consent(c, await authorization.start(new URL(c.req.url).searchParams));
    } catch (error) {
      if (error instanceof AuthorizePageError) return errorPage(c, error.message);
      if (error instanceof AuthorizeRedirectError) return backToClient(c, authorization.redirectError(error.redirectUri, error.error, error.description, error.state), 302);
      throw error;
    }
  });

  app.post(AUTHORIZE_PATH, async (c) => {
    const body = await c.req.parseBody();
    // Left to this page by the NUL guard (middleware/no-nul.ts), which would answer in JSON.
    if (fieldsHaveNul(body)) return errorPage(c, 'This form could not be read. Start again from the application.');
    const pending = await authorization.resume(field(body, 'ticket', 8192));
    if (!pending) return errorPage(c, 'This consent page has expired. Start again from the application.');
    const action = field(body, 'action', 20);
    const answeredBefore = async () => !(await authorization.answered(pending));
    if (action === 'deny') return (await answeredBefore()) ? errorPage(c, ANSWERED) : backToClient(c, authorization.deny(pending.request), 303);
    if (action === 'anonymous') {
      if (await answeredBefore()) return errorPage(c, ANSWERED);
      return backToClient(c, await authorization.approve(pending.request, { identityType: 'anonymous', subject: null }), 303);
    }
    const email = field(body, 'email', 254);
    if ((action === 'send_code' || action === 'verify') && emailProof.available) {
      // A plain address, as an inquiry's: the mail library reads `Name <address>`, groups and
      // lists, which would mail the code to one mailbox and verify another string.
      if (!isReplyAddress(email)) return consent(c, pending, { email, error: 'Enter an email address, like name@example.com.' }, 422);
      // Per address (guessing at one inbox) and per client (mailing many inboxes from one IP).
      const byClient = await limitClient(subjectKey(null, c.get('clientIp') ?? UNKNOWN_IP));
      const limited = byClient.ok ? await limitAddress(email) : byClient;
      if (!limited.ok) {
        const res = await consent(c, pending, { email, error: 'Too many codes or tries, for this address or from your network. Wait a quarter of an hour, or allow without an email address.' }, 429);
        // RFC 6585 §4 / RFC 9110 §10.2.3: a 429 says when to come back.
        res.headers.set('retry-after', String(limited.retryAfterSeconds));
        return res;
      }
      if (action === 'send_code') {
        try {
          await emailProof.send(email);
        } catch {
          return consent(c, pending, { email, error: 'The code could not be sent just now. Try again in a minute.' }, 503);
        }
        return codePage(c, pending, email);
      }
      const check = await emailProof.check(email, field(body, 'code', 12).replace(/\s+/g, ''));
      if (!check.ok) return codePage(c, pending, email, PROOF_FAILED, 422);
      if (await answeredBefore()) return errorPage(c, ANSWERED);
      // The proven address is the token's subject: a verified-email identity (identity_assertion).
      return backToClient(c, await authorization.approve(pending.request, { identityType: 'identity_assertion', subject: check.email }), 303);
    }
    return consent(c, pending, { error: 'Choose one of the buttons below.' }, 422);
  });
}
