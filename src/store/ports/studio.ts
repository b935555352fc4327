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
  /**
   * Replaces the profile (and logo); bumps the catalog version so every instance shows it. With
   * `onlyIf`, only when it holds for the record stored at the moment of writing (no other save
   * between its read and this write, on any instance): null when it does not, and nothing written.
   */
  put(profile: StudioProfile, logo: StudioLogo | null, nowMs: number, onlyIf?: (stored: StudioRecord | undefined) => boolean): Promise<StudioRecord | null>;
}
