import { hash } from 'node:crypto';
import type { StudioRecord } from '../store/ports/index.js';
import { AA_NORMAL_TEXT, contrastRatio } from './contrast.js';
import { logoExtension, logoHash, type StudioLogo } from './logo.js';
import type { StudioProfile } from './profile.js';
import { DEFAULT_TIME_ZONE } from './time-zone.js';

/** The profile with what pages and the API derive from it, computed once per catalog version. */
export interface StudioView {
  profile: StudioProfile;
  logo: (StudioLogo & { path: string }) | null;
  /** the accent colour as a stylesheet, at a content-hashed path */
  css: { body: string; path: string };
  updated_at: string | null;
}

function mix(hex: string, toward: number, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const part = (shift: number) => Math.round(((n >> shift) & 255) * (1 - amount) + toward * amount);
  return `#${[16, 8, 0].map((s) => part(s).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The stylesheet that brands the site: site.css reads every accent from these properties. The
 * accent is at least 4.5:1 on the paper (contrast.ts); what is derived from it keeps that up:
 * - `--accent-soft`, the background of a secondary button's hover, under the accent as text: the
 *   accent mixed with 88% white, or as much more as it takes for 4.5:1 (WCAG 2.2 SC 1.4.3); white
 *   itself always passes, since it is lighter than the paper.
 * - `--accent-strong`, a primary button's hover under white text: 20% darker, or, for an accent
 *   so dark that this would not show (black stays black), 20% lighter while white text keeps
 *   4.5:1 on it (SC 1.4.11: a state change people can see).
 */
export function accentCss(accent: string): string {
  return `:root { --accent: ${accent}; --accent-strong: ${strongOf(accent)}; --accent-soft: ${softOf(accent)}; }\n`;
}

function softOf(accent: string): string {
  for (let amount = 0.88; amount < 1; amount += 0.01) {
    const soft = mix(accent, 255, amount);
    if (contrastRatio(accent, soft) >= AA_NORMAL_TEXT) return soft;
  }
  return '#ffffff';
}

/** Below this ratio between a colour and its hover, the hover is not seen to change. */
const VISIBLE_CHANGE = 1.3;

function strongOf(accent: string): string {
  const darker = mix(accent, 0, 0.2);
  if (contrastRatio(accent, darker) >= VISIBLE_CHANGE) return darker;
  const lighter = mix(accent, 255, 0.2);
  return contrastRatio('#ffffff', lighter) >= AA_NORMAL_TEXT ? lighter : darker;
}

/** A stored document as the profile it is now: one saved before a field existed reads with its default. */
function asStored(profile: StudioProfile): StudioProfile {
  return (profile as Partial<StudioProfile>).time_zone === undefined ? { ...profile, time_zone: DEFAULT_TIME_ZONE } : profile;
}

export function studioView(record: StudioRecord | undefined, fallback: StudioProfile): StudioView {
  const profile = record ? asStored(record.profile) : fallback;
  const body = accentCss(profile.accent_color);
  const cssHash = hash('sha256', body, 'base64url').slice(0, 16);
  const logo = record?.logo ? { ...record.logo, path: `/media/logo-${logoHash(record.logo)}.${logoExtension(record.logo.content_type)}` } : null;
  return { profile, logo, css: { body, path: `/media/studio-${cssHash}.css` }, updated_at: record?.updated_at ?? null };
}
