/**
 * The kinds of term a symbol in a search names: the ones the text search covers (topics,
 * services, technologies; not the industry).
 */
export const SYMBOL_TERM_KINDS = ['tag', 'service', 'technology'] as const;

const TERM = /^[a-z0-9][a-z0-9.+#-]{0,59}$/;

/**
 * The words of a search that only mean something with their `+` or `#` (`c++`, `C#`, `f#`), as
 * catalog terms (src/catalog/project.ts TERM_PATTERN). Full-text search drops the symbols, so
 * `c++` alone would search every word starting with `c`; a project matches such a word only
 * when one of its topics, services or technologies is that term. Sentence punctuation around
 * it (`C++.`) is not part of the word.
 */
export function symbolTerms(q: string): string[] {
  const found = new Set<string>();
  for (const piece of q.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}.+#-]+/u)) {
    const word = piece.replace(/^[.-]+|[.-]+$/g, '');
    if (/[+#]/.test(word) && TERM.test(word)) found.add(word);
  }
  return [...found].slice(0, 8);
}
