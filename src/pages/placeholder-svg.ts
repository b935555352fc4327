import { hash } from 'node:crypto';
import { escapeXml } from './escape.js';

/** A stable hue per slug, so each project keeps its colour across pages and restarts. */
export function slugHue(slug: string): number {
  return hash('sha256', slug, 'buffer').readUInt16BE(0) % 360;
}

/**
 * A generated stand-in for a project screenshot: an abstract app window in the project's colour
 * with its title. Text is XML-escaped; the response is served with a sandboxing CSP as well.
 */
export function placeholderSvg(input: { slug: string; title: string; index: number; total: number; alt?: string | undefined }): string {
  const hue = slugHue(input.slug);
  const variant = (input.index - 1) % 3;
  const bg1 = `hsl(${hue} 45% 30%)`;
  const bg2 = `hsl(${(hue + 40) % 360} 50% 18%)`;
  const accent = `hsl(${(hue + 180) % 360} 70% 70%)`;
  const panel = `hsl(${hue} 25% 96%)`;
  const soft = `hsl(${hue} 20% 86%)`;
  const mid = `hsl(${hue} 35% 60%)`;
  const title = input.title.length > 48 ? `${input.title.slice(0, 47)}…` : input.title;
  const bars = [0.55, 0.8, 0.4, 0.95, 0.65, 0.75, 0.5]
    .map((h, i) => `<rect x="${980 + i * 62}" y="${690 - h * 300}" width="40" height="${h * 300}" rx="6" fill="${i % 3 === variant ? accent : mid}"/>`)
    .join('');
  const rows = [0, 1, 2, 3]
    .map((i) => `<rect x="250" y="${420 + i * 72}" width="${560 - ((i + variant) % 3) * 90}" height="22" rx="11" fill="${soft}"/><circle cx="215" cy="${431 + i * 72}" r="14" fill="${i === variant ? accent : mid}"/>`)
    .join('');
  const label = input.alt ? `<title>${escapeXml(input.alt)}</title>` : `<title>${escapeXml(input.title)}</title>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1000" width="1600" height="1000" role="img">${label}
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
<rect width="1600" height="1000" fill="url(#g)"/>
<circle cx="${1400 - variant * 500}" cy="${140 + variant * 40}" r="260" fill="${accent}" opacity="0.12"/>
<g transform="translate(120 150)">
<rect width="1360" height="760" rx="24" fill="${panel}"/>
<rect width="1360" height="64" rx="24" fill="${soft}"/><rect y="40" width="1360" height="24" fill="${soft}"/>
<circle cx="40" cy="32" r="10" fill="#e5484d"/><circle cx="72" cy="32" r="10" fill="#f5a524"/><circle cx="104" cy="32" r="10" fill="#30a46c"/>
<rect x="160" y="20" width="420" height="24" rx="12" fill="${panel}"/>
</g>
<g transform="translate(0 0)">
<text x="190" y="330" font-family="Georgia, 'Times New Roman', serif" font-size="64" fill="hsl(${hue} 40% 22%)">${escapeXml(title)}</text>
${rows}
<rect x="940" y="340" width="480" height="380" rx="18" fill="none" stroke="${soft}" stroke-width="4"/>
${bars}
<text x="190" y="850" font-family="system-ui, sans-serif" font-size="28" fill="hsl(${hue} 25% 45%)">${input.index} / ${input.total}</text>
</g>
</svg>
`;
}
