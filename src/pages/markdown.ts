import { escapeHtml } from './escape.js';

/**
 * A deliberately small Markdown renderer for catalog descriptions: paragraphs, headings, lists,
 * block quotes, fenced code, bold, italic, inline code and links. Raw HTML in the source is never
 * passed through: every text run is escaped and the only tags emitted are the ones below.
 * Links keep their target only for http(s) and site-relative URLs (no javascript:, data:, …).
 */
export function renderMarkdown(source: string, options: { headingOffset?: number } = {}): string {
  const offset = options.headingOffset ?? 2;
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  const at = (n: number): string => lines[n] ?? '';

  while (i < lines.length) {
    const line = at(i);
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !at(i).trimStart().startsWith(fence[1]!)) body.push(at(i++));
      i++;
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1]!.length + offset);
      out.push(`<h${level}>${renderInline(heading[2]!)}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>/.test(at(i))) quoted.push(at(i++).replace(/^\s*>\s?/, ''));
      out.push(`<blockquote>${renderMarkdown(quoted.join('\n'), options)}</blockquote>`);
      continue;
    }
    const bullet = /^\s*([-*+]|\d{1,9}[.)])\s+/.exec(line);
    if (bullet) {
      const ordered = /\d/.test(bullet[1]!);
      const itemPattern = ordered ? /^\s*\d{1,9}[.)]\s+(.*)$/ : /^\s*[-*+]\s+(.*)$/;
      const items: string[] = [];
      while (i < lines.length) {
        const item = itemPattern.exec(at(i));
        if (item) items.push(item[1]!);
        else if (at(i).trim() !== '' && /^\s{2,}\S/.test(at(i)) && items.length > 0) items[items.length - 1] += ` ${at(i).trim()}`;
        else break;
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${tag}>`);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && at(i).trim() !== '' && !/^\s*(#{1,6}\s|>|```|~~~|[-*+]\s|\d{1,9}[.)]\s)/.test(at(i))) paragraph.push(at(i++).trim());
    if (paragraph.length === 0) paragraph.push(at(i++).trim());
    out.push(`<p>${renderInline(paragraph.join(' '))}</p>`);
  }
  return out.join('\n');
}

/** Only http(s) and same-site paths may become hrefs; anything else renders as plain text. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) return trimmed;
  if (/^\/(?!\/)[^\s]*$/.test(trimmed)) return trimmed;
  return null;
}

// A link destination may hold balanced parentheses, one level deep (CommonMark §6.3): wiki/X_(y).
const INLINE = /`([^`]+)`|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"]*")?\)|\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|(?<![\p{L}\p{N}])_(?!\s)(.+?)_(?![\p{L}\p{N}])/u;

export function renderInline(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const match = INLINE.exec(rest);
    if (!match) return out + escapeHtml(rest);
    out += escapeHtml(rest.slice(0, match.index));
    rest = rest.slice(match.index + match[0].length);
    const [, code, linkText, linkUrl, strong1, strong2, em1, em2] = match;
    if (code !== undefined) out += `<code>${escapeHtml(code)}</code>`;
    else if (linkText !== undefined) {
      const href = safeHref(linkUrl!);
      const externalRel = href && /^https?:/i.test(href) ? ' rel="noopener nofollow"' : '';
      out += href ? `<a href="${escapeHtml(href)}"${externalRel}>${renderInline(linkText)}</a>` : renderInline(linkText);
    } else if (strong1 !== undefined || strong2 !== undefined) out += `<strong>${renderInline((strong1 ?? strong2)!)}</strong>`;
    else out += `<em>${renderInline((em1 ?? em2)!)}</em>`;
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/**
 * The words of a Markdown text without its markup, for places that take plain text (JSON-LD's
 * `description`, a meta description): rendered as this module renders it, then its tags dropped
 * and its escapes undone, blocks joined by a space.
 */
export function markdownText(source: string): string {
  return renderMarkdown(source)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}
