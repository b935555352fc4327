const FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** A moment as people read it, and unambiguous wherever they are: `29 Nov 2026, 01:17 UTC`. */
export function humanTime(rfc3339: string): string {
  return `${FORMAT.format(new Date(rfc3339))} UTC`;
}
