import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config.js';

/** What a request without a socket (an in-process `app.request()`) is keyed as. */
export const UNKNOWN_IP = 'unknown';

/**
 * One spelling per address: no brackets, no zone, IPv4-mapped IPv6 as plain IPv4 (a dual-stack
 * socket reports `::ffff:1.2.3.4`), lower case. Null when it is not an IP address at all.
 */
export function normalizeIp(raw: string): string | null {
  let address = raw.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address)) address = address.slice('::ffff:'.length);
  return isIP(address) === 0 ? null : address.toLowerCase();
}

/**
 * Resolves the client address from the socket peer and `X-Forwarded-For`, trusting the header
 * only as far as TRUST_PROXY says. The chain is read from the nearest hop outwards
 * (socket, then the header's entries right to left), because a client can write anything to the
 * left of what its proxies append — with TRUST_PROXY off a spoofed header is simply ignored.
 */
export function clientIpResolver(trust: TrustProxy): (socketAddress: string | undefined, forwardedFor: string | undefined) => string {
  const trusted = trust.kind === 'cidrs' ? buildBlockList(trust.cidrs) : null;
  return (socketAddress, forwardedFor) => {
    const socket = socketAddress === undefined ? null : normalizeIp(socketAddress);
    if (socket === null) return UNKNOWN_IP;
    if (trust.kind === 'off' || !forwardedFor) return socket;
    const chain = [socket];
    for (const entry of forwardedFor.split(',').reverse()) {
      const ip = normalizeIp(entry);
      // A malformed entry ends what we can follow; the last address we reached is the client.
      if (ip === null) break;
      chain.push(ip);
    }
    if (trust.kind === 'hops') return chain[Math.min(trust.hops, chain.length - 1)]!;
    let index = 0;
    while (index < chain.length - 1 && isTrusted(trusted!, chain[index]!)) index += 1;
    return chain[index]!;
  };
}

function buildBlockList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits] = cidr.split('/');
    const ip = normalizeIp(address!);
    if (ip === null) continue;
    const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(bits), family);
  }
  return list;
}

function isTrusted(list: BlockList, ip: string): boolean {
  return list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}
