import { z } from 'zod';
import { defaultPublicUrl, type Config, type TrustedIssuer } from './config-shape.js';
import { describeZod, fail, misspeltSettings, parseContentSignals, parseDatabase, parseJsonOrFile, parseMail, parseOrigins, parseOwnerEmails, parsePublicUrl, parseRateLimits, parseRedisUrl, parseTrustProxy, parseWebhooks, readPem } from './config-values.js';

/**
 * The only module that reads configuration. `parseConfig(process.env)` validates every
 * variable of docs/design.md §10 and returns a frozen object; a bad value stops the process
 * with a message that names the variable. What it returns is declared in config-shape.ts.
 */
export * from './config-shape.js';

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
