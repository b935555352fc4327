import { createHash } from 'node:crypto';
import type { StudioRecord } from '../store/ports/index.js';
import { logoExtension, logoHash, type StudioLogo } from './logo.js';
import type { StudioProfile } from './profile.js';

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

/** The stylesheet that brands the site: site.css reads every accent from these properties. */
export function accentCss(accent: string): string {
  return `:root { --accent: ${accent}; --accent-strong: ${mix(accent, 0, 0.2)}; --accent-soft: ${mix(accent, 255, 0.88)}; }\n`;
}

export function studioView(record: StudioRecord | undefined, fallback: StudioProfile): StudioView {
  const profile = record?.profile ?? fallback;
  const body = accentCss(profile.accent_color);
  const cssHash = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  const logo = record?.logo ? { ...record.logo, path: `/media/logo-${logoHash(record.logo)}.${logoExtension(record.logo.content_type)}` } : null;
  return { profile, logo, css: { body, path: `/media/studio-${cssHash}.css` }, updated_at: record?.updated_at ?? null };
}
