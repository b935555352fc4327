import { z } from 'zod';

/** The zone of a profile that names none (saved before profiles had one, or left empty). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** IANA names start with a letter (`Europe/Berlin`, `UTC`, `Etc/GMT+5`); offsets such as `+01:00` are not zones. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * `name` as this runtime's Intl knows it, or undefined when it is no zone. A name Intl writes
 * otherwise only in case (`europe/berlin`) is taken as Intl writes it; an alias Intl maps to an
 * older name (`Europe/Kyiv` → `Europe/Kiev`, `Asia/Kolkata` → `Asia/Calcutta`) is kept as given.
 */
export function knownTimeZone(name: string): string | undefined {
  if (!IANA_NAME.test(name)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return undefined;
  }
}

/**
 * Zones the IANA database has renamed (its `backward` file) that CLDR, and so Intl on Node 20,
 * still lists by the old name: the form suggests the name people know today. Both names work.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The zones the admin form suggests: UTC, then every zone Intl lists, by their current names. */
export function suggestedTimeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone').map((zone) => CURRENT_NAMES[zone] ?? zone));
  zones.delete(DEFAULT_TIME_ZONE);
  return [DEFAULT_TIME_ZONE, ...[...zones].sort()];
}

/**
 * The studio's time zone: the owners read every time (admin pages, notification mails) in it.
 * An IANA name; empty or missing: UTC.
 */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .default(DEFAULT_TIME_ZONE)
  .transform((name, ctx) => {
    if (name === '') return DEFAULT_TIME_ZONE;
    const zone = knownTimeZone(name);
    if (zone === undefined) ctx.addIssue({ code: 'custom', message: 'must be a time zone such as Europe/Berlin, America/New_York or UTC (an IANA name)' });
    return zone ?? z.NEVER;
  });
