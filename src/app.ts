import { ERROR_CODES } from './lib/errors.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import pino, { type Logger } from 'pino';
import { SANDBOX_CATALOG_PATH } from './catalog/data-files.js';
import { seedIfEmpty } from './catalog/seed.js';
import { CatalogService } from './catalog/service.js';
import type { Config } from './config.js';
import { bodyLimit } from './http/middleware/body-limit.js';
import { rejectNul } from './http/middleware/no-nul.js';
import { bearerOnApi, invalidTokenResponse, noTokenInQuery } from './http/middleware/auth.js';
import type { AppEnv } from './http/env.js';
import { errorHandler, failureReporter, isOAuthPath } from './http/responses/errors.js';
import { oauthErrorJson } from './http/responses/oauth.js';
import { ContentTooLargeError } from './oauth/oauth-error.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { methodsServing, notFoundHandler } from './http/responses/not-found.js';
import { meteringFor } from './http/openapi/metering.js';
import { problem } from './http/responses/problem.js';
import { CachedRouter } from './http/cached-router.js';
import { isPublicCorsPath, PUBLIC_CORS_PATHS, publicCorsHeaders, publicCorsPreflight } from './http/middleware/public-cors.js';
import { createRateLimits, identifyByBearer, rateLimitedResponse } from './http/middleware/rate-limit.js';
import { accessRecorder, requestContext } from './http/middleware/request-context.js';
import { cachedReadLane } from './http/cached-read-lane.js';
import { firstLane, type Lane } from './http/lane.js';
import { oauthTokenLane } from './http/oauth-token-lane.js';
import { encodeResponse } from './http/middleware/response-encoding.js';
import { clientIpResolver } from './lib/client-ip.js';
import { requestIds } from './http/middleware/request-id.js';
import { ResponseCache } from './http/middleware/response-cache.js';
import { registerAgentSurfaces } from './http/routes/agent-surfaces.js';
import { DOCS_ASSETS_PATH, registerDocsRoutes } from './http/routes/docs.js';
import { renderDocsPage, renderErrorPage } from './pages/render.js';
import { htmlErrorPages } from './http/responses/html-errors.js';
import { RenderedPages } from './pages/rendered-pages.js';
import { registerHealthRoutes } from './http/routes/health.js';
import { registerInquiryRoutes } from './http/routes/inquiries.js';
import { MCP_PATH, registerMcpRoutes } from './http/routes/mcp.js';
import { registerMetricsRoute } from './http/routes/metrics.js';
import { registerServerCardRoutes } from './http/routes/server-card.js';
import { registerOAuthRoutes } from './http/routes/oauth-routes.js';
import { registerOpenApiRoute } from './http/routes/openapi.js';
import { registerProblemTypeRoutes } from './http/routes/problem-types.js';
import { registerPageRoutes } from './http/routes/pages.js';
import { registerCatalogRoutes } from './http/routes/projects.js';
import { secureHeaderValues } from './http/responses/security-headers.js';
import { validationHook } from './http/middleware/validation.js';
import { isUploadForm, isUploadPath } from './http/middleware/upload-paths.js';
import { keptVariant, registerMediaFiles } from './http/routes/media-files.js';
import { VariantCache } from './media/variant-cache.js';
import { Idempotency } from './idempotency/idempotency.js';
import { InquiryService } from './inquiries/service.js';
import { cryptoRandom, systemClock, type Clock, type Random } from './lib/clock.js';
import { createMcpEndpoint, type McpEndpoint } from './mcp/endpoint.js';
import { createOAuth, type OAuth } from './oauth/service.js';
import { secondsUntilReset } from './ratelimit/fixed-window.js';
import type { Store } from './store/ports/index.js';
import { createSqliteStore } from './store/sqlite/store.js';
import { loadAssets, siteFrame, siteWith } from './pages/assets.js';
import type { Site } from './pages/layout.js';
import { DEFAULT_PROFILE } from './studio/defaults.js';
import { StudioService } from './studio/service.js';
import { ProjectEditor } from './catalog/editor.js';
import { registerSandboxIndex } from './http/routes/sandbox-index.js';
import { registerStudioMedia, registerStudioRoute } from './http/routes/studio.js';
import { registerAdminRoutes } from './http/routes/admin.js';
import { ADMIN_API_PREFIX } from './http/routes/admin-api.js';
import { AUTHORIZE_PATH, registerAuthorizeRoutes } from './http/routes/oauth-authorize.js';
import { createOwnerSide, type OwnerSide } from './wiring/owner-side.js';

export interface AppDeps {
  config: Config;
  store: Store;
  clock?: Clock;
  random?: Random;
  logger?: Logger;
}

export interface VitrineApp {
  app: OpenAPIHono<AppEnv>;
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  catalog: CatalogService;
  sandboxCatalog: CatalogService;
  oauth: OAuth;
  inquiries: InquiryService;
  /** answers repeated catalog reads from the representation sent for the same URL */
  cache: ResponseCache;
  /** answers repeated public reads on node:http before Hono (src/server.ts puts it first) */
  lane: Lane;
  /** the MCP endpoint (its answer cache's hits tell which path served a call) */
  mcp: McpEndpoint;
  /** this app's Prometheus registry and recorders, served at GET /metrics */
  metrics: Metrics;
  /** owners, sign-in, sessions, owner tokens, the inbox and the delivery worker */
  owner: OwnerSide;
  /** the studio profile */
  studio: StudioService;
  close(): Promise<void>;
}

/** The only place that wires configuration, storage and services into the HTTP app. */
export async function createApp(deps: AppDeps): Promise<VitrineApp> {
  const { config, store } = deps;
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? cryptoRandom;
  const logger = deps.logger ?? pino({ level: config.logLevel });
  const baseUrl = config.publicUrl;

  // The sandbox serves a fixed fixture catalog from its own in-memory database.
  const sandboxStore = createSqliteStore(':memory:');
  await sandboxStore.migrate();
  await seedIfEmpty(sandboxStore.projects, SANDBOX_CATALOG_PATH, clock, random, sandboxStore.studio, sandboxStore.media);

  const catalog = new CatalogService({ store: store.projects, clock, baseUrl, apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: config.catalogVersionCheckMs });
  const sandboxCatalog = new CatalogService({ store: sandboxStore.projects, clock, baseUrl, apiPrefix: '/api/v1/sandbox/projects', htmlPrefix: '/api/v1/sandbox/projects', versionCheckMs: Number.POSITIVE_INFINITY, cursorScope: 'sandbox' });

  // One registry per app: two apps in a process (tests, multi-instance) never mix their counts.
  const metrics = createMetrics();

  const assets = loadAssets();
  const studio = new StudioService({ store: store.studio, catalog, clock, fallback: DEFAULT_PROFILE });
  const sandboxStudio = new StudioService({ store: sandboxStore.studio, catalog: sandboxCatalog, clock, fallback: DEFAULT_PROFILE });
  const frame = siteFrame(baseUrl, assets);
  // The same Site object while the studio's view is the same: pages rendered from it are kept (pages/rendered-pages.ts).
  let lastSite: Site | undefined;
  const site = async () => {
    const view = await studio.current();
    if (lastSite?.studio !== view) lastSite = siteWith(frame, view);
    return lastSite;
  };
  const siteIsCurrent = (s: Site) => s === lastSite && studio.isCurrent(s.studio);
  const studioName = async () => (await studio.current()).profile.name;
  const studioTimeZone = async () => (await studio.current()).profile.time_zone;

  // Services: framework-free, shared by REST, MCP and the HTML pages.
  const idempotency = new Idempotency({ store, clock, random, ttlSeconds: config.idempotencyTtlSeconds, lockSeconds: config.idempotencyLockSeconds, logger });
  const ticketKey = Buffer.from(await store.secrets.getOrCreate('consent_ticket_hmac', () => random.bytes(32).toString('base64url'), clock.now()), 'base64url');
  const oauth = createOAuth({ config, store, clock, random, logger, idempotency, ticketKey });
  // The owner side: sign-in, the inbox, and the outbox that tells owners of every inquiry.
  const owner = await createOwnerSide({ config, store, clock, random, logger, catalog, siteName: studioName, timeZone: studioTimeZone, onDeliveryAttempt: (channel, outcome) => metrics.notificationAttempt(channel, outcome) });
  const inquiries = new InquiryService({
    store,
    idempotency,
    projectsNamed: (slugs) => catalog.named(slugs),
    sandboxProjectsNamed: (slugs) => sandboxCatalog.named(slugs),
    notifier: owner.notifier,
    clock,
    random,
    onCreated: (source, sandbox) => {
      metrics.inquiryCreated(source, sandbox);
      // Committed: deliver its notifications now rather than at the next poll.
      if (!sandbox && owner.notifier.active) owner.worker.kick();
    },
  });

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never, router: new CachedRouter() });

  // Every middleware below contributes headers before the handler and returns next() as is: no
  // async level of its own on the hot path (responses/response-headers.ts).
  const security = await secureHeaderValues({ https: baseUrl.startsWith('https:') });
  // Public API and discovery documents: any origin may read, never with credentials (cookies).
  const publicCorsOptions = { exposeHeaders: ['ETag', 'Link', 'Location', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'WWW-Authenticate', 'Idempotent-Replayed', 'Sandbox-Scenario', 'X-Request-Id', 'Allow', 'Accept-Post', 'Accept-Patch'], allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match', 'If-None-Match', 'Sandbox-Scenario', 'Mcp-Protocol-Version', 'Mcp-Session-Id'], maxAge: 600 };
  const publicAnswer = Object.freeze({ ...security, ...publicCorsHeaders(publicCorsOptions) });
  // One request-id source, client-address resolver and access record for the app and the lane.
  const nextRequestId = requestIds(random);
  const clientIp = clientIpResolver(config.trustProxy);
  const record = accessRecorder(logger, metrics);
  const headersFor = (path: string) => (isPublicCorsPath(path) ? publicAnswer : security);
  app.use(requestContext({ baseUrl, clientIp, nextRequestId, record, headersFor, encode: encodeResponse }));
  const preflight = publicCorsPreflight(publicCorsOptions, (path) => methodsServing(app, path));
  for (const path of PUBLIC_CORS_PATHS) app.on('OPTIONS', path, preflight);
  // Browsers asking for a page get an HTML error page, programs a problem (html-errors.ts).
  const errorPages = htmlErrorPages(async (status, requestId, retryAfterSeconds, details) => renderErrorPage(await site(), status, requestId, retryAfterSeconds, details));
  // Rate limits need the client address (request context) and the verified bearer. Before the body limit:
  // an oversized body is a request like any other, metered and answered with the RateLimit fields (docs/design.md §7).
  const rateLimits = createRateLimits({ config, store, clock, logger, identify: identifyByBearer(oauth.verifier), onLimited: (policy) => metrics.rateLimited(policy), onStoreFailure: (policy, failClosed) => metrics.rateLimitUnmetered(policy, failClosed), present: errorPages.page });
  app.use(rateLimits.middleware);
  // An owner's form with too large a file gets a page saying so and leading back to the form, not the problem+json programs get.
  const limit = (maxSize: number, what: string) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        // The authorization server's endpoints answer in RFC 6749 JSON (errors.ts); the consent page is a page.
        isOAuthPath(c.req.path) && c.req.path !== AUTHORIZE_PATH
          ? oauthErrorJson(c as never, new ContentTooLargeError(`${what} are limited to ${maxSize} bytes.`))
          : errorPages.page(c as never, problem(c as never, { status: 413, code: ERROR_CODES.payloadTooLarge, title: 'Payload too large', detail: `${what} are limited to ${maxSize} bytes.` }), { limitBytes: maxSize, backTo: isUploadForm(c.req.path) ? c.req.path : undefined }),
    });
  const limitBody = limit(config.bodyLimitBytes, 'Request bodies');
  const limitUpload = limit(config.uploadLimitBytes, 'Uploads');
  // GET/HEAD carry no body; asking for one makes @hono/node-server build a full web Request.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], '*', (c, next) => (isUploadPath(c.req.path) ? limitUpload(c, next) : limitBody(c, next)));

  // A bearer on any API request must be live (docs/design.md §1); the admin API checks owner tokens itself.
  // No token in a URL, on every path that takes one (RFC 6750 §2.3, §5.3; auth.ts).
  app.use('/api/*', noTokenInQuery);
  app.use(MCP_PATH, noTokenInQuery);
  app.use('/api/*', bearerOnApi(oauth.verifier, (path) => path.startsWith(ADMIN_API_PREFIX)));
  // PostgreSQL cannot hold U+0000: a request carrying one is a 400, never a 500 (no-nul.ts). After
  // the rate limit and the bearer check, so a refused request's body is never read; the upload
  // paths check theirs once an owner is found (rejectNulInUploads).
  app.use(rejectNul({ ownPaths: [MCP_PATH, AUTHORIZE_PATH], skip: isUploadPath }));
  // Repeated catalog reads skip validation and the catalog service, after all of the above.
  const cache = new ResponseCache({ enabled: config.responseCache });
  // …and most of them skip Hono altogether: the same steps, on node:http (cached-read-lane.ts), as
  // does a token request with a form body (oauth-token-lane.ts).
  const variants = new VariantCache(store.media);
  const reportFailure = failureReporter(logger, () => clock.now());
  const steps = { headersFor, nextRequestId, clientIp, admit: rateLimits.admitNow, record };
  const lane = firstLane(
    cachedReadLane({ ...steps, cache, ...(config.responseCache ? { kept: keptVariant(variants) } : {}) }),
    oauthTokenLane({ ...steps, token: (request) => oauth.token(request), bodyLimitBytes: config.bodyLimitBytes, reportFailure }),
  );

  registerHealthRoutes(app, store);
  registerMetricsRoute(app, { registry: metrics.registry, token: config.metricsToken });
  registerCatalogRoutes(app, { service: catalog, path: '/api/v1/projects', facetsPath: '/api/v1/facets', operationPrefix: '', tag: 'Catalog', cache });
  registerCatalogRoutes(app, { service: sandboxCatalog, path: '/api/v1/sandbox/projects', operationPrefix: 'Sandbox', tag: 'Sandbox', cache });
  registerStudioRoute(app, { studio, path: '/api/v1/studio', operationId: 'getStudio', tag: 'Catalog' });
  registerStudioRoute(app, { studio: sandboxStudio, path: '/api/v1/sandbox/studio', operationId: 'getSandboxStudio', tag: 'Sandbox' });
  registerSandboxIndex(app, baseUrl);
  registerStudioMedia(app, studio);
  registerMediaFiles(app, variants);
  // The document is generated on first request, so routes registered below are in it too.
  const openApi = registerOpenApiRoute(app, { baseUrl, idempotencyTtlSeconds: config.idempotencyTtlSeconds, meteredBy: meteringFor(config), studio: async () => (await studio.current()).profile });
  const docsPage = new RenderedPages();
  registerDocsRoutes(app, { publicUrl: baseUrl, page: async () => { const s = await site(); return docsPage.get('docs', [s], () => renderDocsPage(s, DOCS_ASSETS_PATH)); }, document: openApi.current });

  // Agent authentication, MCP and inquiries.
  registerOAuthRoutes(app, oauth, studioName);
  const mcpEndpoint = createMcpEndpoint({ catalog, studio, inquiries, baseUrl, logger }, { answerCache: config.responseCache });
  registerMcpRoutes(app, {
    endpoint: mcpEndpoint,
    verifier: oauth.verifier,
    publicUrl: baseUrl,
    allowedOrigins: config.mcpAllowedOrigins,
    scenarios: {
      invalidToken: (c) => invalidTokenResponse(c, 'mcp'),
      rateLimited: (c) => rateLimitedResponse(c, 'mcp', config.rateLimits.mcp, secondsUntilReset(clock.now(), config.rateLimits.mcp)),
    },
  });
  registerServerCardRoutes(app, { endpoint: mcpEndpoint, publicUrl: baseUrl });
  registerInquiryRoutes(app, {
    service: inquiries,
    verifier: oauth.verifier,
    scenarios: {
      invalidToken: invalidTokenResponse,
      rateLimited: (c) => rateLimitedResponse(c, 'writes', config.rateLimits.writes, secondsUntilReset(clock.now(), config.rateLimits.writes)),
    },
  });

  // The human catalog and agent-readable documents; browsers get HTML error pages, programs problems.
  const formTokenKey = Buffer.from(await store.secrets.getOrCreate('form_token_hmac', () => random.bytes(32).toString('base64url'), clock.now()), 'base64url');
  registerPageRoutes(app, { catalog, inquiries, clock, random, publicUrl: baseUrl, formTokenKey, site, siteIsCurrent, assets, cache });
  registerProblemTypeRoutes(app, { site, siteIsCurrent, cache });
  registerAgentSurfaces(app, { catalog, publicUrl: baseUrl, contentSignals: config.contentSignals, studio: async () => (await studio.current()).profile });
  registerAuthorizeRoutes(app, { authorization: oauth.authorization, emailProof: owner.emailProof, site, baseUrl, random, csrfKey: owner.csrfKey, limiter: rateLimits.limiter });
  registerAdminRoutes(app, { owner, site, baseUrl, studio, editor: new ProjectEditor({ store: store.projects, media: store.media, catalog, clock, random }), store, clock, random, limiter: rateLimits.limiter, channels: { mail: config.mail !== null, webhooks: config.webhooks?.urls.length ?? 0 }, uploadLimitBytes: config.uploadLimitBytes });

  app.notFound(errorPages.notFound(notFoundHandler(app)));
  app.onError(errorPages.onError(errorHandler(reportFailure)));

  return {
    app,
    fetch: app.fetch,
    catalog,
    sandboxCatalog,
    oauth,
    inquiries,
    cache,
    lane,
    mcp: mcpEndpoint,
    metrics,
    owner,
    studio,
    async close() {
      await owner.close();
      await sandboxStore.close();
      await rateLimits.close();
    },
  };
}
