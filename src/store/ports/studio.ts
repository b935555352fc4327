import type { StudioLogo } from '../../studio/logo.js';
import type { StudioProfile } from '../../studio/profile.js';

/** The studio profile: one row, written whole. */
export interface StudioRecord {
  profile: StudioProfile;
  logo: StudioLogo | null;
  /** RFC 3339 UTC */
  updated_at: string;
}

export interface StudioStore {
  /** undefined until a profile was saved or imported */
  get(): Promise<StudioRecord | undefined>;
  /** Replaces the profile (and logo); bumps the catalog version so every instance shows it. */
  put(profile: StudioProfile, logo: StudioLogo | null, nowMs: number): Promise<StudioRecord>;
}
