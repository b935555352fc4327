/**
 * A repeatable stream of numbers in [0, 1) from `seed` (a linear congruential generator): the
 * generated documents, words and lists of the search tests are the same on every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}
