/**
 * How deeply the JSON text nests arrays and objects, counted without parsing it: a body nested
 * tens of thousands of levels deep parses (JSON.parse is iterative) but then overflows the stack
 * of every recursive walk after it (validation, the idempotency fingerprint), which was a 500.
 * Stops counting past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}
