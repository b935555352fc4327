/** One formatter per zone seen (a studio has one; the bound only guards against churn). */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 32;

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format) return format;
  try {
    // shortOffset names every zone the same way (GMT+1, GMT-5, GMT+5:30); 'short' gives
    // abbreviations only some zones have in English, and some of them ambiguous (IST, CST).
    format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'shortOffset' });
  } catch {
    // A zone this runtime does not know (a profile saved under other time-zone data): UTC, labelled so.
    return formatIn('UTC');
  }
  if (formats.size >= MAX_FORMATS) formats.clear();
  formats.set(timeZone, format);
  return format;
}

/** Intl's `GMT+1` as `UTC+1`; no offset (`GMT`, `GMT+0`: UTC itself, or London in winter) is `UTC`. */
const offsetName = (gmt: string) => (gmt === 'GMT' || gmt === 'GMT+0' ? 'UTC' : gmt.replace(/^GMT/, 'UTC'));

/**
 * A moment as people read it, in the studio's zone and unambiguous wherever they are:
 * `29 Nov 2026, 01:17 UTC`, `29 Nov 2026, 02:17 UTC+1`, `28 Nov 2026, 20:17 UTC-5`;
 * an offset of zero is `UTC`.
 * `timeZone` is an IANA name (the studio profile's time_zone).
 */
export function humanTime(rfc3339: string, timeZone: string): string {
  return formatIn(timeZone)
    .formatToParts(new Date(rfc3339))
    .map((part) => (part.type === 'timeZoneName' ? offsetName(part.value) : part.value))
    .join('');
}

/** A stored moment (epoch ms) as humanTime() writes it, or a dash for none. */
export function humanTimeOrDash(ms: number | null, timeZone: string): string {
  return ms === null ? '—' : humanTime(new Date(ms).toISOString(), timeZone);
}
