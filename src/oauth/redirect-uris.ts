/**
 * Redirection URIs (RFC 6749 §3.1.2), absolute and without a fragment: https; for native apps
 * (RFC 8252), http on a loopback address (§7.3) or the app's own private-use scheme (§7.1, which
 * Appendix A asks servers to support: `com.example.app:/cb`, `cursor://…/callback`). A scheme a
 * browser handles itself (javascript:, data:, file:, plain http elsewhere…) is never one.
 */
const WEB_SCHEMES = new Set(['http:', 'https:', 'javascript:', 'data:', 'vbscript:', 'file:', 'about:', 'blob:', 'filesystem:', 'ftp:', 'ws:', 'wss:', 'mailto:', 'tel:', 'sms:', 'view-source:', 'chrome:', 'intent:']);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** Why `value` cannot be registered, or undefined when it can. */
export function redirectUriProblem(value: string): string | undefined {
  const url = parse(value);
  if (!url) return `"${value}" is not an absolute URI`;
  if (url.hash !== '' || value.includes('#')) return `"${value}" has a fragment (RFC 6749 §3.1.2)`;
  if (url.username !== '' || url.password !== '') return `"${value}" carries credentials`;
  if (url.protocol === 'https:' || isLoopbackHttp(url) || !WEB_SCHEMES.has(url.protocol)) return undefined;
  return `"${value}" must use https, http on a loopback address (RFC 8252 §7.3) or the app's own scheme (RFC 8252 §7.1)`;
}

/** Where the browser goes after consent, as the consent page names it. */
export type ReturnTarget = { kind: 'web'; host: string } | { kind: 'loopback'; host: string } | { kind: 'app'; scheme: string };

/** The return target of a registered redirect URI. */
export function returnTarget(uri: string): ReturnTarget {
  const url = new URL(uri);
  if (url.protocol === 'https:') return { kind: 'web', host: url.host };
  if (isLoopbackHttp(url)) return { kind: 'loopback', host: url.host };
  return { kind: 'app', scheme: url.protocol };
}

/** The CSP source that lets the consent form's answer redirect there (CSP 3 form-action): its origin, or an app's scheme. */
export function cspSourceOf(uri: string): string {
  const url = new URL(uri);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : url.protocol;
}

/**
 * Whether a presented redirect_uri is one of the registered ones: exact string comparison
 * (RFC 9700 §4.1.3), except that a loopback http URI matches on any port (RFC 8252 §7.3: the
 * native app picks the port when it starts).
 */
export function matchesRegistered(presented: string, registered: readonly string[]): boolean {
  if (registered.includes(presented)) return true;
  const url = parse(presented);
  if (!url || !isLoopbackHttp(url) || url.hash !== '') return false;
  return registered.some((r) => {
    const reg = parse(r);
    if (!reg || !isLoopbackHttp(reg)) return false;
    return reg.hostname === url.hostname && reg.pathname === url.pathname && reg.search === url.search;
  });
}
