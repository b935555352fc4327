import type { RateLimitPolicyName } from '../config.js';

/** Probes and scrapes must keep working while a client is throttled; they are never counted. */
const UNMETERED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/** Minting credentials: strict and always per IP, so free keys cannot be farmed. */
const REGISTER_PATHS = new Set(['/oauth/register', '/api/v1/keys']);
const AUTH_PATHS = new Set(['/oauth/token', '/oauth/claim', '/oauth/revoke', '/oauth/authorize']);
/** Owner sign-in: every step that takes an address, a code or a link. */
const SIGN_IN_PATHS = new Set(['/admin/login', '/admin/login/code', '/admin/login/link']);

/** Which policy meters a request; null when it is not metered at all. */
export function policyFor(method: string, path: string): RateLimitPolicyName | null {
  // CORS preflights carry no credentials and do no work; counting them would halve a browser's quota.
  if (method === 'OPTIONS') return null;
  if (UNMETERED_PATHS.has(path)) return null;
  // HEAD /api/v1/keys mints nothing (RFC 9110 §9.3.2), so it spends a read, not a minting.
  if (REGISTER_PATHS.has(path) && method !== 'HEAD') return 'register';
  if (AUTH_PATHS.has(path)) return 'auth';
  if (method === 'POST' && SIGN_IN_PATHS.has(path)) return 'signin';
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'mcp';
  return method === 'GET' || method === 'HEAD' ? 'reads' : 'writes';
}
