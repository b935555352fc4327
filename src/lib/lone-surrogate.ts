import { stringPath } from './nul-character.js';

/**
 * A lone UTF-16 surrogate in a JSON string (`"\ud83d"` without its pair, RFC 8259 §8.2: such a
 * string is not Unicode text): every database driver here writes it as UTF-8 by replacing it
 * with U+FFFD, so an inquiry would be stored other than it was sent, without a word. Requests
 * carrying one are refused instead, naming the field. Raw UTF-8 cannot hold one (a decoder
 * already turns malformed bytes into U+FFFD); only the `\u` escape can.
 */

/** A surrogate's `\u` escape (any case): the cheap test before a JSON text is parsed to look. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Where a JSON text's value holds a lone surrogate (stringPath's form), or undefined. */
export function loneSurrogateIn(text: string): string | undefined {
  if (!SURROGATE_ESCAPE.test(text)) return undefined;
  try {
    return loneSurrogatePath(JSON.parse(text));
  } catch {
    return undefined; // not JSON: the handler's parse refuses it
  }
}

/** Where in a parsed JSON value a string that is not well-formed UTF-16 first appears. */
export function loneSurrogatePath(value: unknown): string | undefined {
  return stringPath(value, (text) => LONE.test(text));
}

/** A high surrogate without a low one after it, or a low one without a high one before it (String#isWellFormed, ES2024). */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
