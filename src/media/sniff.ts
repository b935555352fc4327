/** Image types vitrine accepts, named by what the bytes are, never by a file name or a declared type. */
export type RasterType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/gif';
export type ImageType = RasterType | 'image/svg+xml';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The real type of an image from its first bytes (magic numbers), or null for anything else —
 * an HTML page named `.png` is null. SVG is recognised as XML text whose root element is `<svg`.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO BMFF: a `ftyp` box whose major or compatible brands name AVIF.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const size = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, 64, bytes.length);
    const brands = ascii(bytes, 8, size);
    if (/avif|avis/.test(brands)) return 'image/avif';
  }
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

/**
 * Whether an SVG can be shown as an image without running anything or fetching anything: no
 * script, event handlers, foreign content, entities, or references outside the document.
 */
export function unsafeSvgReason(text: string): string | null {
  // Element names are matched with any namespace prefix: `<x:script xmlns:x="…/svg">` is a script.
  if (/<(?:[\w.-]+:)?script[\s/>]/i.test(text)) return 'contains a script';
  if (/<(?:[\w.-]+:)?(?:foreignObject|iframe|embed|object|handler|listener)[\s/>]/i.test(text)) return 'contains foreign content';
  // SMIL can set an attribute after load: an `href` set to `javascript:` (its value hidden by character references) is a link out.
  if (/<(?:[\w.-]+:)?(?:animate|set)\b[^>]*\battributeName\s*=\s*["']\s*(?:[\w.-]+:)?href\b/i.test(text)) return 'animates a link';
  if (/@import/i.test(text)) return 'refers to something outside the image';
  if (/<!ENTITY/i.test(text)) return 'declares entities';
  if (/[\s:]on[a-z]+\s*=/i.test(text)) return 'contains an event handler';
  if (/(?:href|src)\s*=\s*["']\s*(?!#)/i.test(text)) return 'refers to something outside the image';
  if (/javascript:|url\(\s*["']?\s*(?!#)/i.test(text)) return 'refers to something outside the image';
  return null;
}

/** An SVG's size in CSS pixels from width/height, else from its viewBox. */
export function svgSize(text: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(?:px)?\\s*["']`, 'i').exec(root)?.[1];
  const w = Number(attr('width'));
  const h = Number(attr('height'));
  if (w > 0 && h > 0) return { width: Math.round(w), height: Math.round(h) };
  const box = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)\s*["']/i.exec(root);
  if (box && Number(box[1]) > 0 && Number(box[2]) > 0) return { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) };
  return null;
}
