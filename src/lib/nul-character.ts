/**
 * U+0000 in a request: PostgreSQL's text types cannot hold it (22021, "invalid byte sequence"),
 * so a value carrying it, stored or looked up, failed there with a 500 while SQLite took it. No
 * field of this service means anything by it, so requests carrying one are refused at the door.
 */

/** `\u0000` as a JSON escape: preceded by an even run of backslashes (`\\u0000` is a backslash and the text "u0000"). */
const JSON_NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;

/** Whether a request target (path and query, still percent-encoded) names U+0000. */
export function targetHasNul(target: string): boolean {
  return target.includes('%00');
}

/** Whether a JSON text decodes to a string holding U+0000 (JSON allows it only escaped). */
export function jsonHasNul(text: string): boolean {
  return text.includes('\\u0000') && JSON_NUL_ESCAPE.test(text);
}

/** Whether an application/x-www-form-urlencoded text decodes to a value (or name) holding U+0000. */
export function formHasNul(text: string): boolean {
  return text.includes('%00') || text.includes('\u0000');
}

/** Whether parsed form fields (names, string values, lists of them) hold U+0000. */
export function fieldsHaveNul(fields: Readonly<Record<string, unknown>>): boolean {
  const holds = (v: unknown): boolean => (typeof v === 'string' ? v.includes('\u0000') : Array.isArray(v) && v.some(holds));
  return Object.entries(fields).some(([name, value]) => name.includes('\u0000') || holds(value));
}

/** Where in a parsed JSON value U+0000 first appears (`a.b[2]`, or `(name)` for a key), or undefined. */
export function nulPath(value: unknown): string | undefined {
  return stringPath(value, (text) => text.includes('\u0000'));
}

/**
 * Where in a parsed JSON value a string (or an object's key) that `holds` first appears:
 * `a.b[2]`, `a.b (name)` for a key, `(value)` for the value itself; undefined for none.
 */
export function stringPath(value: unknown, holds: (text: string) => boolean, path = ''): string | undefined {
  if (typeof value === 'string') return holds(value) ? path || '(value)' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = stringPath(value[i], holds, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (holds(key)) return `${at} (name)`;
    const found = stringPath(inner, holds, at);
    if (found) return found;
  }
  return undefined;
}
