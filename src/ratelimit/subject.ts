import { isIP } from 'node:net';

/**
 * Whose counter a request spends: the client behind a verified bearer, otherwise its IP. An
 * IPv6 client is counted by its /64, since one host is routinely handed a whole /64 and could
 * otherwise rotate addresses to escape the limit (RFC 4291 §2.5.4: a /64 is one subnet).
 */
export function subjectKey(clientId: string | null, ip: string): string {
  if (clientId !== null) return `client:${clientId}`;
  return `ip:${isIP(ip) === 6 ? ipv6Prefix64(ip) : ip}`;
}

function ipv6Prefix64(ip: string): string {
  if (ip.includes('.')) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
