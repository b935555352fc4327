/**
 * WCAG 2.2 contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): the ratio of the
 * relative luminances of two sRGB colours, from 1:1 to 21:1.
 */

/** The page background of site.css (`--paper`); the accent is drawn on it as text and links. */
export const PAGE_BACKGROUND = '#f7f4ef';
/** SC 1.4.3 (AA): normal text needs at least 4.5:1. */
export const AA_NORMAL_TEXT = 4.5;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio as people read it, rounded down so a failing colour never shows as passing (4.49 → "4.49:1"). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
