/**
 * RFC 9110 §12.5.1 Accept: the quality a header gives one media type, taken from the most
 * specific matching range (`text/html` over `text/*` over `*\/*`). No header means anything goes.
 */
export function acceptQuality(accept: string | undefined, type: string): number {
  if (accept === undefined || accept.trim() === '') return 1;
  const [mainType] = type.split('/');
  let best = -1;
  let quality = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const r = range.trim();
    const specificity = r === type ? 3 : r === `${mainType}/*` ? 2 : r === '*/*' ? 1 : 0;
    if (specificity === 0 || specificity < best) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
    const value = q ? Number(q[1]) : 1;
    if (specificity > best || value > quality) quality = value;
    best = specificity;
  }
  return best === -1 ? 0 : quality;
}

/** Browsers rank HTML above JSON; API clients, curl (`*\/*`) and a missing header do not. */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return acceptQuality(accept, 'text/html') > acceptQuality(accept, 'application/json');
}

/**
 * RFC 9110 §12.5.1 proactive negotiation: the offer the client ranks highest (q > 0), the
 * server's order breaking ties; null when the client accepts none of them (§15.5.7: 406).
 */
export function negotiate<T extends string>(accept: string | undefined, offers: readonly T[]): T | null {
  let chosen: T | null = null;
  let best = 0;
  for (const offer of offers) {
    const q = acceptQuality(accept, offer);
    if (q > best) {
      best = q;
      chosen = offer;
    }
  }
  return chosen;
}
