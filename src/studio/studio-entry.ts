import { ValidationError } from '../lib/errors.js';
import { fieldErrors } from '../lib/zod-errors.js';
import { studioProfileSchema, type StudioProfile } from './profile.js';

/** The studio as a catalog file carries it: the profile fields plus `logo` as a data: URL (or null). */
export interface StudioEntry {
  profile: StudioProfile;
  /** data: URL; null for no logo */
  logo: string | null;
}

export function parseStudioEntry(raw: unknown, source: string): StudioEntry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ValidationError(`${source}: studio must be an object`, [{ path: 'studio', message: 'expected an object' }]);
  }
  const { logo, ...fields } = raw as Record<string, unknown>;
  const errors = [];
  if (logo !== undefined && logo !== null && typeof logo !== 'string') errors.push({ path: 'studio.logo', message: 'expected a data: URL or null' });
  const parsed = studioProfileSchema.safeParse(fields);
  if (!parsed.success) errors.push(...fieldErrors(parsed.error, { prefix: 'studio' }));
  if (errors.length > 0 || !parsed.success) throw new ValidationError(`${source}: ${errors.length} invalid field(s)`, errors);
  return { profile: parsed.data, logo: typeof logo === 'string' ? logo : null };
}

/** The catalog-file form of a saved profile: every field in schema order, then the logo. */
export function studioEntryJson(profile: StudioProfile, logoDataUrl: string | null): Record<string, unknown> {
  return { ...studioProfileSchema.parse(profile), logo: logoDataUrl };
}
