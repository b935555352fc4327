/**
 * A tsvector in the text form PostgreSQL prints (`search::text`), parsed into a compact form:
 * `'lexeme':1A,5,9C 'other':3B 'nopos'`. Lexemes come in the vector's own order (PostgreSQL
 * sorts them by bytes, then length: tsCompareString), which ts_rank_cd uses to break ties.
 */
export interface ParsedVector {
  readonly lexemes: string[];
  /** Positions of lexeme i are positions[ends[i-1] .. ends[i]) (0 for i = 0); none: no positions. */
  readonly ends: Uint32Array;
  /** Each a WordEntryPos (ts_type.h): weight << 14 | position, weight A=3, B=2, C=1, D=0. */
  readonly positions: Uint16Array;
}

const WEIGHT: Record<string, number> = { A: 3, a: 3, B: 2, b: 2, C: 1, c: 1, D: 0, d: 0 };
const LETTER = ['', 'C', 'B', 'A'];

/** Parses what tsvectorout prints; throws on anything else (the caller's data is corrupt). */
export function parseTsvector(text: string): ParsedVector {
  const lexemes: string[] = [];
  const ends: number[] = [];
  const positions: number[] = [];
  let i = 0;
  const n = text.length;
  const fail = (why: string): never => {
    throw new Error(`not a tsvector's text (${why} at ${i}): ${text.slice(0, 80)}`);
  };
  while (i < n) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") fail('expected a quote');
    i++;
    let word = '';
    for (;;) {
      if (i >= n) fail('unterminated lexeme');
      const c = text[i]!;
      // tsvectorout doubles quotes and backslashes inside a lexeme.
      if (c === "'" && text[i + 1] === "'") (word += "'"), (i += 2);
      else if (c === '\\' && i + 1 < n) (word += text[i + 1]), (i += 2);
      else if (c === "'") break;
      else (word += c), i++;
    }
    i++;
    lexemes.push(word);
    if (text[i] === ':') {
      i++;
      for (;;) {
        let pos = 0;
        const start = i;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) pos = pos * 10 + text.charCodeAt(i++) - 48;
        if (i === start || pos < 1 || pos > 16383) fail('bad position');
        const weight = WEIGHT[text[i] ?? ''];
        if (weight !== undefined) i++;
        positions.push(((weight ?? 0) << 14) | pos);
        if (text[i] !== ',') break;
        i++;
      }
    }
    ends.push(positions.length);
    if (i < n && text[i] !== ' ') fail('expected a space');
  }
  return { lexemes, ends: Uint32Array.from(ends), positions: Uint16Array.from(positions) };
}

/** The text tsvectorout would print for `v` (the round-trip test's inverse of parseTsvector). */
export function formatTsvector(v: ParsedVector): string {
  return v.lexemes
    .map((word, k) => {
      const quoted = `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
      const from = k === 0 ? 0 : v.ends[k - 1]!;
      const to = v.ends[k]!;
      if (from === to) return quoted;
      const list: string[] = [];
      for (let j = from; j < to; j++) list.push(`${v.positions[j]! & 0x3fff}${LETTER[v.positions[j]! >> 14]}`);
      return `${quoted}:${list.join(',')}`;
    })
    .join(' ');
}
