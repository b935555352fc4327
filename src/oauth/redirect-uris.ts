/**
 * Redirection URIs (RFC 6749 §3.1.2): https, or http on a loopback address for native apps
 * (RFC 8252 §7.3), absolute and without a fragment. Nothing else is registered.
 */
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
  if (url.protocol === 'https:' || isLoopbackHttp(url)) return undefined;
  return `"${value}" must use https, or http on a loopback address (RFC 8252 §7.3)`;
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
