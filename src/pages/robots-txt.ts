import type { ContentSignals } from '../config.js';

/** What a crawler is fetching for, which decides the signal its access follows. */
type Purpose = 'train' | 'input' | 'search';

/**
 * Well-known AI crawlers by product token and purpose (each operator's published crawler
 * documentation). Training crawlers are kept out when ai-train=no; retrieval and answer agents
 * when ai-input=no; AI search indexers when search=no.
 */
export const AI_CRAWLERS: readonly { token: string; purpose: Purpose }[] = [
  { token: 'GPTBot', purpose: 'train' },
  { token: 'ClaudeBot', purpose: 'train' },
  { token: 'anthropic-ai', purpose: 'train' },
  { token: 'Google-Extended', purpose: 'train' },
  { token: 'Applebot-Extended', purpose: 'train' },
  { token: 'CCBot', purpose: 'train' },
  { token: 'Bytespider', purpose: 'train' },
  { token: 'meta-externalagent', purpose: 'train' },
  { token: 'cohere-training-data-crawler', purpose: 'train' },
  { token: 'ChatGPT-User', purpose: 'input' },
  { token: 'Claude-User', purpose: 'input' },
  { token: 'Perplexity-User', purpose: 'input' },
  { token: 'OAI-SearchBot', purpose: 'search' },
  { token: 'Claude-SearchBot', purpose: 'search' },
  { token: 'PerplexityBot', purpose: 'search' },
];

/** Not content: the inquiry form and its thank-you page, and the owners' admin UI. */
/** Forms, the owners' pages, and the OAuth and key endpoints: a crawler following a link there would mint credentials. */
const PRIVATE_PATHS = ['/inquire', '/admin', '/api/v1/keys', '/oauth/'];

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** contentsignals.org: `Content-Signal: search=yes, ai-input=yes, ai-train=no`. */
export function contentSignalLine(signals: ContentSignals): string {
  return `Content-Signal: search=${yesNo(signals.search)}, ai-input=${yesNo(signals.aiInput)}, ai-train=${yesNo(signals.aiTrain)}`;
}

function allowed(purpose: Purpose, signals: ContentSignals): boolean {
  return purpose === 'train' ? signals.aiTrain : purpose === 'input' ? signals.aiInput : signals.search;
}

/**
 * RFC 9309 robots.txt, generated from configuration. A crawler obeys only the group that
 * names it most specifically (RFC 9309 §2.2.1), so every explicit group repeats the private
 * paths and the Content-Signal line rather than inheriting them from `*`.
 */
export function robotsTxt(baseUrl: string, signals: ContentSignals): string {
  const signal = contentSignalLine(signals);
  const open = ['Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`)];
  const lines = ['# Content Signals (https://contentsignals.org): how this content may be used once fetched.', '', 'User-agent: *', signal, ...open, ''];
  for (const purpose of ['train', 'input', 'search'] as const) {
    const tokens = AI_CRAWLERS.filter((c) => c.purpose === purpose).map((c) => `User-agent: ${c.token}`);
    lines.push(...tokens, signal, ...(allowed(purpose, signals) ? open : ['Disallow: /']), '');
  }
  lines.push(`Sitemap: ${baseUrl}/sitemap.xml`, '');
  return lines.join('\n');
}
