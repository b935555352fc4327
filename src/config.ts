import { z } from 'zod';
import { describeZod, fail, misspeltSettings, parseContentSignals, parseDatabase, parseJsonOrFile, parseMail, parseOrigins, parseOwnerEmails, parsePublicUrl, parseRateLimits, parseRedisUrl, parseTrustProxy, parseWebhooks, readPem } from './config-values.js';

/**
 * The only module that reads configuration. `parseConfig(process.env)` validates every
 * variable of docs/design.md §10 and returns a frozen object; a bad value stops the process
 * with a message that names the variable.
 */

export type DatabaseConfig =
  | { readonly kind: 'sqlite'; readonly path: string }
  | {
      readonly kind: 'postgres';
      readonly url: string;
      /** DATABASE_CONNECT_TIMEOUT_MS: bound on getting a connection (default 5000) */
      readonly connectTimeoutMs?: number;
      /** DATABASE_QUERY_TIMEOUT_MS: bound on one statement (default 15000) */
      readonly queryTimeoutMs?: number;
      /** DATABASE_IDLE_TIMEOUT_MS: how long a connection no request uses is kept open (default 600000) */
      readonly idleTimeoutMs?: number;
    };

export interface RateLimitPolicy {
  /** quota: requests admitted per window */
  readonly q: number;
  /** window length in seconds */
  readonly w: number;
}

export const RATE_LIMIT_POLICY_NAMES = ['reads', 'writes', 'auth', 'register', 'mcp', 'signin'] as const;
export type RateLimitPolicyName = (typeof RATE_LIMIT_POLICY_NAMES)[number];

export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitPolicyName, RateLimitPolicy>> = Object.freeze({
  // Generous enough for an agent's whole integration run from one address, tight enough that
  // minting credentials (`register`: 60 per 10 minutes per IP) cannot be farmed by a script.
  reads: { q: 1200, w: 60 },
  writes: { q: 120, w: 60 },
  auth: { q: 300, w: 60 },
  register: { q: 60, w: 600 },
  mcp: { q: 600, w: 60 },
  // Owner sign-in, per IP and per address: enough to mistype a code, far too few to guess one.
  signin: { q: 10, w: 900 },
});

/** A listening address that names no host a client can reach. */
export const isWildcardHost = (host: string): boolean => ['0.0.0.0', '::', '[::]', '::0'].includes(host);

/** The base URL when PUBLIC_URL is unset: the listening address, the loopback for a wildcard (server.ts warns). */
export function defaultPublicUrl(host: string, port: number): string {
  const named = isWildcardHost(host) ? '127.0.0.1' : host;
  return `http://${named.includes(':') ? `[${named}]` : named}:${port}`;
}

export interface TrustedIssuer {
  readonly issuer: string;
  readonly jwks_uri?: string;
  readonly jwks?: { keys: Record<string, unknown>[] };
  /** assertion types this issuer may sign: `id-jag`, `verified_email` */
  readonly types: readonly ('id-jag' | 'verified_email')[];
  /** asymmetric JWS algorithms accepted from this issuer */
  readonly algorithms: readonly string[];
}

export type TrustProxy =
  | { readonly kind: 'off' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'cidrs'; readonly cidrs: readonly string[] };

/** Where owner mail is sent through (nodemailer SMTP transport): `url` is smtp:// or smtps://, credentials included. */
export interface MailConfig {
  readonly url: string;
  /** The From: MAIL_FROM as written when it gives a display name (`Studio <hello@studio.example>`); else the bare address (`noreply@{PUBLIC_URL host}` without MAIL_FROM) and `studioNamed`: the studio's name, as its profile is when a mail goes out, is the display name. */
  readonly from: string;
  readonly studioNamed: boolean;
}

/** Standard Webhooks endpoints told of every new inquiry. */
export interface WebhookConfig {
  readonly urls: readonly string[];
  /** `whsec_…` (base64 after the prefix), as the Standard Webhooks specification defines it */
  readonly secret: string;
}

/**
 * Content Signals (contentsignals.org) published in robots.txt: what the studio allows its
 * content to be used for once it has been fetched.
 */
export interface ContentSignals {
  /** building a search index and linking to results */
  readonly search: boolean;
  /** feeding a model's answer at inference time (retrieval, grounding) */
  readonly aiInput: boolean;
  /** training or fine-tuning models */
  readonly aiTrain: boolean;
}

export const DEFAULT_CONTENT_SIGNALS: ContentSignals = Object.freeze({ search: true, aiInput: true, aiTrain: false });

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /** PUBLIC_URL was given; otherwise publicUrl is derived from HOST/PORT and re-derived from the bound port at start */
  readonly publicUrlConfigured: boolean;
  readonly database: DatabaseConfig;
  readonly redisUrl: string | undefined;
  /** prefix of every rate-limit key in Redis, so deployments (and test runs) sharing one Redis never collide */
  readonly redisKeyPrefix: string;
  readonly trustedIssuers: readonly TrustedIssuer[];
  readonly rateLimits: Readonly<Record<RateLimitPolicyName, RateLimitPolicy>>;
  readonly rateLimitsEnabled: boolean;
  readonly idempotencyTtlSeconds: number;
  /** how long an in-flight idempotency claim blocks its key before a retry may take it over (its holder may have died) */
  readonly idempotencyLockSeconds: number;
  readonly logLevel: string;
  /** V8's old-generation growth past the live heap, in percent (lib/heap-growth.ts); 0: V8's own choice */
  readonly heapGrowthPercent: number;
  readonly trustProxy: TrustProxy;
  /** how long an idle client connection stays open between requests (KEEP_ALIVE_TIMEOUT_SECONDS) */
  readonly keepAliveTimeoutSeconds: number;
  readonly bodyLimitBytes: number;
  /** the larger limit of owner uploads (logo, project images) under /admin and /api/v1/admin */
  readonly uploadLimitBytes: number;
  readonly accessTokenTtlSeconds: number;
  /** how long a refresh token lives (each use rotates it) */
  readonly refreshTokenTtlSeconds: number;
  /** fetch client ID metadata documents from private, loopback and link-local addresses too (tests) */
  readonly cimdAllowPrivate: boolean;
  /** extra PEM certificates trusted when fetching client ID metadata documents (CIMD_CA_FILE) */
  readonly cimdCa: string | undefined;
  /** how long a verified credential may be served from the in-process cache */
  readonly credentialCacheSeconds: number;
  /** how often a process re-reads the shared catalog version (multi-instance freshness bound) */
  readonly catalogVersionCheckMs: number;
  /** load data/demo-catalog.json into an empty database at start */
  readonly demoCatalog: boolean;
  /** extra origins allowed to call /mcp from a browser; the service's own is always allowed */
  readonly mcpAllowedOrigins: readonly string[];
  /**
   * answer repeated public catalog reads from the response cache (src/http/middleware/response-cache.ts),
   * and repeated MCP catalog tool calls from the SDK's earlier answer (src/mcp/answer-cache.ts)
   */
  readonly responseCache: boolean;
  /** bearer token GET /metrics requires; undefined = public (restrict it at the proxy) */
  readonly metricsToken: string | undefined;
  /** owners named by OWNER_EMAILS (lower case); `vitrine owner add` adds more in the database */
  readonly ownerEmails: readonly string[];
  /** null: mail is off (no SMTP_URL) */
  readonly mail: MailConfig | null;
  /** null: no webhooks (no WEBHOOK_URLS) */
  readonly webhooks: WebhookConfig | null;
  /** deliver webhooks to private, loopback and link-local addresses too (local setups and tests) */
  readonly webhookAllowPrivate: boolean;
  /** robots.txt Content-Signal values (CONTENT_SIGNALS) */
  readonly contentSignals: ContentSignals;
  /** how often each process looks for due deliveries */
  readonly outboxPollMs: number;
  /** how long one delivery attempt may take */
  readonly outboxTimeoutMs: number;
  /** an owner session ends after this long without a request… */
  readonly sessionIdleMinutes: number;
  /** …and after this long in any case */
  readonly sessionAbsoluteHours: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SUPPORTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

const trustedIssuerSchema = z
  .object({
    issuer: z.string().url(),
    jwks_uri: z.string().url().optional(),
    jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }).optional(),
    types: z.array(z.enum(['id-jag', 'verified_email'])).min(1).default(['id-jag', 'verified_email']),
    // RFC 8725 §3.1: never accept "none" or symmetric algorithms for third-party assertions
    algorithms: z.array(z.enum(SUPPORTED_ALGORITHMS)).min(1).default(['RS256', 'ES256', 'EdDSA']),
  })
  .refine((v) => (v.jwks_uri === undefined) !== (v.jwks === undefined), {
    message: 'exactly one of jwks_uri or jwks is required',
  });

export const policySchema = z.object({ q: z.number().int().positive(), w: z.number().int().positive().max(86_400, 'a window is at most a day (86400 s)') }).strict();

/** Set but empty (`DATABASE_URL=`, as docker-compose files leave a variable) is its default, as for integer()… */
const blankAsDefault = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);
/** …or unset, for a setting without one (`SMTP_URL=`: no mail). */
const blankAsUnset = <T extends z.ZodType>(schema: T) => blankAsDefault(schema.optional());
const flag = (fallback: 'true' | 'false') => blankAsDefault(z.enum(['true', 'false']).default(fallback));

/** A whole number in decimal digits; unset or empty (an env file's `PORT=`) is the default. */
const integer = (min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a whole number' : undefined) }).int().min(min).max(max));

const envSchema = z.object({
  PORT: integer(0, 65535, 8080),
  HOST: blankAsDefault(z.string().regex(/^[\w.:[\]-]+$/, 'must be a host name or an IP address').default('127.0.0.1')),
  PUBLIC_URL: blankAsUnset(z.string()),
  DATABASE_URL: blankAsDefault(z.string().default('sqlite:./data/vitrine.db')),
  REDIS_URL: blankAsUnset(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')),
  REDIS_KEY_PREFIX: blankAsDefault(z.string().max(100).default('vitrine:rl:')),
  TRUSTED_ISSUERS: z.string().optional(),
  RATE_LIMITS: blankAsUnset(z.string()),
  RATE_LIMITS_ENABLED: flag('true'),
  IDEMPOTENCY_TTL_SECONDS: integer(1, 365 * 86_400, 86_400),
  IDEMPOTENCY_LOCK_SECONDS: integer(1, 3600, 30),
  DATABASE_CONNECT_TIMEOUT_MS: integer(100, 120_000, 5000),
  DATABASE_QUERY_TIMEOUT_MS: integer(100, 600_000, 15_000),
  DATABASE_IDLE_TIMEOUT_MS: integer(1000, 86_400_000, 600_000),
  KEEP_ALIVE_TIMEOUT_SECONDS: integer(1, 3600, 65),
  LOG_LEVEL: blankAsDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  HEAP_GROWTH_PERCENT: integer(0, 1000, 100),
  TRUST_PROXY: z.string().optional(),
  BODY_LIMIT_BYTES: integer(1024, 10 * 1024 * 1024, 64 * 1024),
  UPLOAD_LIMIT_BYTES: integer(64 * 1024, 200 * 1024 * 1024, 10 * 1024 * 1024),
  ACCESS_TOKEN_TTL_SECONDS: integer(60, 86_400, 3600),
  REFRESH_TOKEN_TTL_SECONDS: integer(300, 365 * 86_400, 30 * 86_400),
  CIMD_ALLOW_PRIVATE: flag('false'),
  CIMD_CA_FILE: blankAsUnset(z.string()),
  CREDENTIAL_CACHE_SECONDS: integer(0, 300, 5),
  CATALOG_VERSION_CHECK_MS: integer(0, 60_000, 1000),
  DEMO_CATALOG: flag('true'),
  MCP_ALLOWED_ORIGINS: z.string().optional(),
  RESPONSE_CACHE: blankAsUnset(z.enum(['true', 'false'])),
  /** the name RESPONSE_CACHE had before 0.2; still honoured */
  FAST_LANE: blankAsUnset(z.enum(['true', 'false'])),
  // Long enough that it cannot be guessed; it is compared as a SHA-256 digest in constant time.
  // Empty is refused, not taken as unset: a token meant but left out would make /metrics public.
  METRICS_TOKEN: z.string().min(1, 'is empty: unset it for a public /metrics, or set a token').regex(/^\S{16,}$/, 'must be at least 16 characters, without spaces').optional(),
  // The notification channels are off when unset or set empty (`SMTP_URL=` in an env file).
  OWNER_EMAILS: blankAsUnset(z.string()),
  SMTP_URL: blankAsUnset(z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: blankAsUnset(z.string().min(3).max(300)),
  WEBHOOK_URLS: blankAsUnset(z.string()),
  WEBHOOK_SECRET: blankAsUnset(z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'must be a Standard Webhooks secret: whsec_ followed by base64')),
  WEBHOOK_ALLOW_PRIVATE: flag('false'),
  // e.g. `search=yes, ai-input=yes, ai-train=no`; names left out keep their defaults.
  CONTENT_SIGNALS: blankAsUnset(z.string().max(200)),
  OUTBOX_POLL_MS: integer(10, 60_000, 1000),
  OUTBOX_TIMEOUT_MS: integer(100, 60_000, 10_000),
  SESSION_IDLE_MINUTES: integer(1, 7 * 24 * 60, 8 * 60),
  SESSION_ABSOLUTE_HOURS: integer(1, 90 * 24, 7 * 24),
});

/** Names in `env` that look like a setting misspelt (config-values.ts), each with the setting meant. */
export const misspeltSettingsIn = (env: Record<string, string | undefined>) => misspeltSettings(Object.keys(env), Object.keys(envSchema.shape));

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const e = parsed.data;
  let trustedIssuers: TrustedIssuer[] = [];
  if (e.TRUSTED_ISSUERS) {
    const result = z.array(trustedIssuerSchema).safeParse(parseJsonOrFile('TRUSTED_ISSUERS', e.TRUSTED_ISSUERS));
    if (!result.success) describeZod('TRUSTED_ISSUERS', result.error);
    trustedIssuers = result.data.map((t) => Object.freeze({ ...t }));
  }
  const publicUrl = e.PUBLIC_URL === undefined ? defaultPublicUrl(e.HOST, e.PORT) : parsePublicUrl(e.PUBLIC_URL);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    database: Object.freeze(parseDatabase(e.DATABASE_URL, { connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS, idleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_MS })),
    redisUrl: e.REDIS_URL === undefined ? undefined : parseRedisUrl(e.REDIS_URL),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustedIssuers: Object.freeze(trustedIssuers),
    rateLimits: Object.freeze(parseRateLimits(e.RATE_LIMITS)),
    rateLimitsEnabled: e.RATE_LIMITS_ENABLED === 'true',
    idempotencyTtlSeconds: e.IDEMPOTENCY_TTL_SECONDS,
    idempotencyLockSeconds: e.IDEMPOTENCY_LOCK_SECONDS,
    logLevel: e.LOG_LEVEL,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    trustProxy: Object.freeze(parseTrustProxy(e.TRUST_PROXY)),
    keepAliveTimeoutSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    cimdAllowPrivate: e.CIMD_ALLOW_PRIVATE === 'true',
    cimdCa: e.CIMD_CA_FILE === undefined ? undefined : readPem('CIMD_CA_FILE', e.CIMD_CA_FILE),
    credentialCacheSeconds: e.CREDENTIAL_CACHE_SECONDS,
    catalogVersionCheckMs: e.CATALOG_VERSION_CHECK_MS,
    demoCatalog: e.DEMO_CATALOG === 'true',
    mcpAllowedOrigins: Object.freeze(parseOrigins(e.MCP_ALLOWED_ORIGINS)),
    responseCache: (e.RESPONSE_CACHE ?? e.FAST_LANE ?? 'true') === 'true',
    metricsToken: e.METRICS_TOKEN,
    ownerEmails: Object.freeze(parseOwnerEmails(e.OWNER_EMAILS)),
    mail: parseMail(e.SMTP_URL, e.MAIL_FROM, publicUrl),
    webhooks: parseWebhooks(e.WEBHOOK_URLS, e.WEBHOOK_SECRET),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    contentSignals: parseContentSignals(e.CONTENT_SIGNALS),
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxTimeoutMs: e.OUTBOX_TIMEOUT_MS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
  });
}
