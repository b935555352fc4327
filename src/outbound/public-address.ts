import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is one the public internet can route to. Outbound requests made on
 * behalf of configuration or clients (webhooks, client metadata documents) must not reach
 * loopback, private (RFC 1918, RFC 4193), link-local (RFC 3927, cloud metadata at
 * 169.254.169.254), carrier-grade NAT (RFC 6598) or reserved space: that would let a URL probe
 * the network vitrine runs in (SSRF).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is the IPv4 address it maps.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * The host of `url` when it is known, without a DNS lookup, to be no public address: a literal
 * IP outside public unicast, or `localhost`. Such a webhook can be named at start, before its
 * first delivery fails (names are resolved, and checked, only when delivering).
 */
export function knownPrivateHost(url: string): string | undefined {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  return ipaddr.isValid(host) && !isPublicAddress(host) ? host : undefined;
}
