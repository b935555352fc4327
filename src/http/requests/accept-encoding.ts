import { BoundedMap } from '../../lib/bounded-map.js';
import type { Coding } from '../../lib/content-coding.js';

/** The codings we send, in the order we prefer them when a client ranks them equally. */
const OFFERED: readonly Coding[] = ['br', 'gzip'];

// Clients send a handful of distinct headers ("gzip, deflate, br", "gzip", …): parse each once.
const chosen = new BoundedMap<string, Coding | null>(256);

/**
 * RFC 9110 §12.5.3 Accept-Encoding: the content coding to send, or undefined for none (identity).
 * No header, an empty one, or one that ranks no offered coding above q=0 means identity. A coding
 * the header does not name takes `*`'s weight (0 when there is no `*`); `x-gzip` is gzip
 * (§8.4.1.3). A client that names `identity` with a higher weight than every coding gets
 * identity; one that excludes identity gets it too when it accepts none of ours (as every
 * server does: the alternative, 415, helps nobody read a catalog).
 */
export function preferredCoding(header: string | undefined): Coding | undefined {
  if (header === undefined || header === '') return undefined;
  let coding = chosen.get(header);
  if (coding === undefined) {
    coding = choose(header);
    chosen.set(header, coding);
  }
  return coding ?? undefined;
}

function choose(header: string): Coding | null {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (name === '') continue;
    const q = params.map((p) => /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(p)).find(Boolean);
    // §12.4.2: a weight that is not a valid qvalue makes the member unusable, not acceptable.
    const weight = q ? Number(q[1]) : params.some((p) => p.startsWith('q')) ? 0 : 1;
    const key = name === 'x-gzip' ? 'gzip' : name;
    weights.set(key, Math.max(weight, weights.get(key) ?? 0));
  }
  const any = weights.get('*') ?? 0;
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const offer of OFFERED) {
    const weight = weights.get(offer) ?? any;
    if (weight > bestWeight) {
      best = offer;
      bestWeight = weight;
    }
  }
  const identity = weights.get('identity');
  return identity !== undefined && identity > bestWeight ? null : best;
}
