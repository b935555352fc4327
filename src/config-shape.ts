import { z } from 'zod';

/**
 * What the configuration is: its types, defaults and the error a bad value raises. Read from the
 * environment only by parseConfig (src/config.ts, which re-exports all of this) with the value
 * parsers of src/config-values.ts, which import it from here.
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

/** One rate-limit policy as RATE_LIMITS writes it. */
export const policySchema = z.object({ q: z.number().int().positive(), w: z.number().int().positive().max(86_400, 'a window is at most a day (86400 s)') }).strict();
