/**
 * The value parsers behind parseConfig (src/config.ts, still the only reader of the
 * environment): each turns one variable's text into its typed value or fails naming it.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  ConfigError,
  DEFAULT_CONTENT_SIGNALS,
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_POLICY_NAMES,
  policySchema,
  type ContentSignals,
  type DatabaseConfig,
  type MailConfig,
  type RateLimitPolicy,
  type RateLimitPolicyName,
  type TrustProxy,
  type WebhookConfig,
} from './config-shape.js';

export function readPem(name: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    fail(name, `cannot read ${path}`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) fail(name, `${path} holds no PEM certificate`);
  return text;
}

export function fail(name: string, message: string): never {
  throw new ConfigError(`${name}: ${message}`);
}

/** A URL with its user name and password hidden, so that no message echoes a secret. */
const redacted = (url: string) => url.replace(/\/\/[^/@\s]*@/, '//…@');

/** `new URL(raw)`, or a failure naming the variable (the URL shown without its credentials). */
function urlOf(name: string, raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    return fail(name, `"${redacted(raw)}" is not a valid URL`);
  }
}

/** The base URL every link, the OAuth issuer and the resource are built from. */
export function parsePublicUrl(raw: string): string {
  if (!raw.includes('://')) fail('PUBLIC_URL', `"${redacted(raw)}" has no scheme: give the address visitors use, e.g. https://${/^[a-z0-9.-]+(?::\d+)?$/i.test(raw) ? raw : 'portfolio.example'}`);
  const url = urlOf('PUBLIC_URL', raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('PUBLIC_URL', 'must be an http:// or https:// URL');
  if (/[?#]/.test(raw) || url.username || url.password) fail('PUBLIC_URL', 'must be a base URL without credentials, query or fragment, e.g. https://portfolio.example');
  // Every route, asset and metadata document is served at the root: a path here would put it in
  // absolute links and the OAuth issuer (whose RFC 8414 §3.1 metadata would then live at
  // /.well-known/oauth-authorization-server/PATH, never served) but not in the pages' own links.
  if (url.pathname.replace(/\/+$/, '') !== '') fail('PUBLIC_URL', `has a path (${url.pathname}): vitrine is served at the root of its host; give the scheme and host only, e.g. https://portfolio.example`);
  // RFC 3986 §6.2.2: as an origin (scheme and host in lower case, no default port), so the
  // issuer, the links and the checks for https (secure cookies, HSTS) all read one form.
  return url.origin;
}

/** REDIS_URL past its scheme check: a URL the client can parse, so a typo stops the start here, named. */
export function parseRedisUrl(raw: string): string {
  urlOf('REDIS_URL', raw);
  return raw;
}

export function parseDatabase(url: string, bounds: { connectTimeoutMs: number; queryTimeoutMs: number; idleTimeoutMs: number }): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') fail('DATABASE_URL', 'sqlite: needs a path, e.g. sqlite:./data/vitrine.db or sqlite::memory:');
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const parsed = urlOf('DATABASE_URL', url);
    // A Unix socket is named by ?host=/var/run/postgresql and an empty host part.
    if (!parsed.hostname && !parsed.searchParams.get('host')) fail('DATABASE_URL', 'names no host: postgres://USER@HOST:PORT/DATABASE');
    return { kind: 'postgres', url, ...bounds };
  }
  return fail('DATABASE_URL', 'expected sqlite:PATH, sqlite::memory: or postgres://…');
}

export function parseJsonOrFile(name: string, raw: string): unknown {
  const text = raw.trim().startsWith('[') || raw.trim().startsWith('{') ? raw : readFileOr(name, raw);
  try {
    return JSON.parse(text);
  } catch {
    return fail(name, 'is not valid JSON');
  }
}

export function readFileOr(name: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fail(name, `is neither inline JSON nor a readable file (${path})`);
  }
}

export function describeZod(name: string, error: z.ZodError): never {
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? `[${first.path.join('.')}] ` : '';
  return fail(name, `${where}${first?.message ?? 'invalid'}`);
}

export function parseRateLimits(raw: string | undefined): Record<RateLimitPolicyName, RateLimitPolicy> {
  const limits: Record<RateLimitPolicyName, RateLimitPolicy> = { ...DEFAULT_RATE_LIMITS };
  if (raw === undefined) return limits;
  // zod 4: z.record over an enum demands every key; an override names only the policies it changes.
  const parsed = z
    .partialRecord(z.enum(RATE_LIMIT_POLICY_NAMES), policySchema)
    .safeParse(withPolicyAliases(parseJsonOrFile('RATE_LIMITS', raw)));
  if (!parsed.success) describeZod('RATE_LIMITS', parsed.error);
  return { ...limits, ...parsed.data };
}

/**
 * The design contract names the minting policy `keys` (docs/design.md §10); the server calls it
 * `register`, since /oauth/register and /api/v1/keys share it. Either name sets it; not both.
 */
function withPolicyAliases(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('keys' in value)) return value;
  const { keys, ...rest } = value as Record<string, unknown>;
  if ('register' in rest) fail('RATE_LIMITS', '"keys" and "register" name the same policy (/oauth/register and /api/v1/keys); set one of them');
  return { ...rest, register: keys };
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return { kind: 'off' };
  if (/^\d+$/.test(raw)) return { kind: 'hops', hops: Number(raw) };
  const cidrs = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const cidr of cidrs) {
    const [address = '', prefix, extra] = cidr.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) fail('TRUST_PROXY', `"${cidr}" is not a hop count, an IP address or a CIDR range`);
  }
  return { kind: 'cidrs', cidrs };
}

export function parseOrigins(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw.split(',').map((s) => s.trim()).filter(Boolean).map((origin) => {
    try {
      return new URL(origin).origin;
    } catch {
      return fail('MCP_ALLOWED_ORIGINS', `"${origin}" is not an origin`);
    }
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseOwnerEmails(raw: string | undefined): string[] {
  if (!raw) return [];
  const emails = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const email of emails) if (!EMAIL.test(email) || email.length > 254) fail('OWNER_EMAILS', `"${email}" is not an email address`);
  return [...new Set(emails)];
}

export function parseMail(url: string | undefined, from: string | undefined, publicUrl: string): MailConfig | null {
  if (url === undefined) {
    if (from !== undefined) fail('MAIL_FROM', 'is set but SMTP_URL is not: set SMTP_URL to send mail');
    return null;
  }
  if (!urlOf('SMTP_URL', url).hostname) fail('SMTP_URL', 'names no host: smtp://USER:PASSWORD@HOST:PORT');
  // An address, alone or as `Name <address>` (RFC 5322 §3.4).
  if (from !== undefined && !/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from.trim())) fail('MAIL_FROM', 'must be an address, e.g. vitrine <noreply@studio.example>');
  if (from === undefined) return Object.freeze({ url, from: `noreply@${new URL(publicUrl).hostname}`, studioNamed: true });
  // A display name the operator wrote is kept, the whole MAIL_FROM as written; an address without
  // one (`hello@…`, `<hello@…>`, `"" <hello@…>`) is sent with the studio's name, as the default is.
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(from.trim());
  if (named && named[1]!.replace(/^"(.*)"$/, '$1').trim() !== '') return Object.freeze({ url, from, studioNamed: false });
  return Object.freeze({ url, from: named ? named[2]! : from.trim(), studioNamed: true });
}

export function parseWebhooks(raw: string | undefined, secret: string | undefined): WebhookConfig | null {
  const urls = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (urls.length === 0) {
    if (secret !== undefined) fail('WEBHOOK_SECRET', 'is set but WEBHOOK_URLS is not');
    return null;
  }
  for (const url of urls) {
    const parsed = urlOf('WEBHOOK_URLS', url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') fail('WEBHOOK_URLS', `"${redacted(url)}" is not an http(s) URL`);
    if (parsed.username || parsed.password) fail('WEBHOOK_URLS', `"${redacted(url)}" carries credentials; authenticate with WEBHOOK_SECRET's signatures instead`);
  }
  if (secret === undefined) fail('WEBHOOK_SECRET', 'is required with WEBHOOK_URLS (a whsec_… secret; receivers verify each delivery with it)');
  // Standard Webhooks decode the key strictly: padded base64 only.
  const key = secret.slice('whsec_'.length);
  if (Buffer.from(key, 'base64').toString('base64') !== key) fail('WEBHOOK_SECRET', 'the part after whsec_ is not padded base64 (whsec_ followed by the base64 of 24–64 random bytes)');
  return Object.freeze({ urls: Object.freeze([...new Set(urls)]), secret });
}

const SIGNAL_NAMES: Record<string, keyof ContentSignals> = { search: 'search', 'ai-input': 'aiInput', 'ai-train': 'aiTrain' };

export function parseContentSignals(raw: string | undefined): ContentSignals {
  const signals: Record<keyof ContentSignals, boolean> = { ...DEFAULT_CONTENT_SIGNALS };
  for (const part of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)\s*=\s*(yes|no)$/i.exec(part);
    const key = match ? SIGNAL_NAMES[match[1]!.toLowerCase()] : undefined;
    if (!match || !key) fail('CONTENT_SIGNALS', `"${part}" is not one of search=yes|no, ai-input=yes|no, ai-train=yes|no`);
    signals[key] = match[2]!.toLowerCase() === 'yes';
  }
  return Object.freeze(signals);
}

/**
 * Variables of the environment that look like a setting misspelt (`DATABSE_URL`, `SMPT_URL`):
 * one edit from a setting's name (a transposition counts as one), or two from a name of ten
 * characters or more. An unknown name is otherwise no one's business (the environment holds
 * PATH, HOME and the rest), so only these are named, with the setting meant.
 */
export function misspeltSettings(names: readonly string[], settings: readonly string[]): { name: string; meant: string }[] {
  const known = new Set(settings);
  const found: { name: string; meant: string }[] = [];
  for (const name of names) {
    if (known.has(name) || !/^[A-Z][A-Z0-9_]{2,}$/.test(name)) continue;
    const meant = settings.find((s) => editDistance(name, s) <= (s.length >= 10 ? 2 : 1));
    if (meant !== undefined) found.push({ name, meant });
  }
  return found;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
