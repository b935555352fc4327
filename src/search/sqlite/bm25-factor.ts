/**
 * A document's BM25 factor for one phrase, as fts5Bm25Function computes it (ext/fts5/fts5_aux.c):
 *   (f · (k1 + 1)) / (f + k1 · (1 - b + b · D / avgdl)), k1 1.2, b 0.75,
 * f the phrase's weighted frequency in the document, D the document's tokens, avgdl all tokens
 * / N. The denominator's length term is the same for every phrase, so it is computed once per
 * document while the index is unchanged (`lengthNorms`); each kept word then stores its
 * frequencies, 2 bytes a match, where its factors took 8 (docs/performance.md change 61). The
 * operations and their order are fts5's, so factors stay bit-identical.
 */

export const K1 = 1.2;
export const B = 0.75;
/** Every factor is below this: f / (f + k1 · (…)) < 1. */
export const FACTOR_CEILING = K1 + 1.0;

/** k1 · (1 - b + b · D / avgdl) of each of the first `count` documents, into `into` (grown as needed). */
export function lengthNorms(sizes: Int32Array, count: number, avgdl: number, into: Float64Array): Float64Array {
  const norms = into.length >= count ? into : new Float64Array(sizes.length);
  for (let doc = 0; doc < count; doc++) norms[doc] = K1 * (1 - B + (B * sizes[doc]!) / avgdl);
  return norms;
}

/** The factor of frequency `f` in a document whose length term is `norm`. */
export function factorOf(f: number, norm: number): number {
  return (f * (K1 + 1.0)) / (f + norm);
}
