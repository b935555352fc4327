import { rejectNulInUploads } from '../middleware/no-nul.js';
import { isUploadPath } from '../middleware/upload-paths.js';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Clock } from '../../lib/clock.js';
import type { Random } from '../../lib/clock.js';
import type { Site } from '../../pages/layout.js';
import { renderErrorPage } from '../../pages/render.js';
import { addressLimit } from '../../ratelimit/address-limit.js';
import type { RateLimiter } from '../../ratelimit/limiter.js';
import type { Store } from '../../store/ports/index.js';
import type { OwnerSide } from '../../wiring/owner-side.js';
import { frameOf, sendAdminHtml, signedIn } from '../admin/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { renderAdminNotFoundPage } from '../../pages/admin/render.js';
import type { AppEnv } from '../env.js';
import { csrf } from '../middleware/csrf.js';
import { replaceResponse } from '../responses/replace-response.js';
import { ownerSession, sessionCookie } from '../middleware/owner-session.js';
import { registerAdminApi } from './admin-api.js';
import { registerProfileRoutes } from './admin-profile.js';
import { registerAdminProjectsApi } from './admin-projects-api.js';
import { registerAdminMediaApi } from './media.js';
import { registerProjectRoutes } from './admin-projects.js';
import type { ProjectEditor } from '../../catalog/editor.js';
import type { StudioService } from '../../studio/service.js';
import { registerDeliveryRoutes } from './admin-deliveries.js';
import { registerInboxRoutes } from './admin-inbox.js';
import { registerSignInRoutes } from './admin-sign-in.js';
import { registerTokenRoutes } from './admin-tokens.js';

/** How long a notification given up on (dead) keeps the owner pages' warning up: a day, then the deliveries page alone shows it. */
const DEAD_WARNING_MS = 24 * 60 * 60 * 1000;

/** The replay store's namespace for used token-creation forms, and how long one is remembered (a form left open a week). */
const TOKEN_FORMS = 'urn:vitrine:owner-token-form';
const TOKEN_FORM_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface AdminRouteOptions {
  owner: OwnerSide;
  site: () => Promise<Site>;
  /** PUBLIC_URL */
  baseUrl: string;
  studio: StudioService;
  editor: ProjectEditor;
  store: Store;
  clock: Clock;
  random: Random;
  /** the rate limiter (null when limits are off): sign-in attempts are also limited per address */
  limiter: RateLimiter | null;
  channels: { mail: boolean; webhooks: number };
  /** UPLOAD_LIMIT_BYTES, which the project form's hint states */
  uploadLimitBytes: number;
}

/** Everything under /admin (session cookie, CSRF on every form) and the token-authenticated admin API. */
export function registerAdminRoutes(app: OpenAPIHono<AppEnv>, options: AdminRouteOptions): void {
  const { owner, site, limiter } = options;
  const https = options.baseUrl.startsWith('https:');
  const cookie = sessionCookie(https);
  const guardForms = csrf({ key: owner.csrfKey, random: options.random, https, origin: new URL(options.baseUrl).origin, refuse: async (c) => sendAdminHtml(c, renderErrorPage(await site(), 403, c.get('requestId')), 403) });
  const resolveOwner = ownerSession(owner.sessions, cookie);
  // Hono's `/admin/*` matches `/admin` itself too (registered for both, each ran twice there).
  const everyAdminPath = '/admin/*';
  // The session first (a cookie lookup), so an upload from someone signed out is turned away
  // before its body (up to UPLOAD_LIMIT_BYTES) is read for the CSRF field.
  app.use(everyAdminPath, resolveOwner);
  app.use(everyAdminPath, async (c, next) => {
    if (c.req.method !== 'POST' || !isUploadPath(c.req.path) || c.get('owner')) return next();
    // The body stays unread, so this connection cannot carry another request (RFC 9112 §9.6).
    c.header('connection', 'close');
    return c.redirect('/admin/login', 303);
  });
  app.use(everyAdminPath, rejectNulInUploads);
  app.use(everyAdminPath, guardForms);
  // A notification given up on stays in the warning for a day; one still being retried, until it goes out.
  const deliveryTrouble = () => options.store.outbox.trouble(options.clock.now() - DEAD_WARNING_MS);
  const deps = { site, inbox: owner.inbox, deliveryTrouble };
  // An owner page that leads nowhere is said inside the admin, with the way back (the public
  // 404 speaks of unpublished projects and leads to the catalog).
  app.use(everyAdminPath, async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.error instanceof NotFoundError && signedIn(c)) {
      // Not merged with the public 404's headers (its length, ETag).
      replaceResponse(c, sendAdminHtml(c, renderAdminNotFoundPage({ ...(await frameOf(c, deps)), message: c.error.message }), 404));
    }
  });

  registerSignInRoutes(app, {
    ...deps,
    signIn: owner.signIn,
    loginLinks: owner.loginLinks,
    sessions: owner.sessions,
    cookie,
    limitAddress: addressLimit(limiter, ''),
  });
  registerInboxRoutes(app, deps);
  registerTokenRoutes(app, {
    ...deps,
    tokens: owner.tokens,
    formId: () => options.random.bytes(16).toString('base64url'),
    spendForm: (id) => options.store.assertions.useOnce(TOKEN_FORMS, id, options.clock.now() + TOKEN_FORM_KEPT_MS, options.clock.now()),
  });
  registerProfileRoutes(app, { ...deps, studio: options.studio });
  registerDeliveryRoutes(app, { ...deps, store: options.store, worker: owner.worker, clock: options.clock, channels: options.channels });
  registerAdminApi(app, { inbox: owner.inbox, tokens: owner.tokens });
  registerProjectRoutes(app, { ...deps, editor: options.editor, media: options.store.media, clock: options.clock, uploadLimitBytes: options.uploadLimitBytes });
  registerAdminProjectsApi(app, { editor: options.editor, tokens: owner.tokens });
  registerAdminMediaApi(app, { media: options.store.media, tokens: owner.tokens, clock: options.clock });
}
