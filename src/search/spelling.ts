/**
 * "Did you mean …?" for a search that found nothing: each word of it no catalog word starts with
 * is replaced by the closest catalog word within a small edit distance (Damerau–Levenshtein,
 * adjacent swaps count once): one edit for words of four or five letters, two from six. Shorter
 * words are left alone (too many near neighbours). The catalog words are its filter values
 * (topics, services, technologies, industries) and their parts, each with how many projects have
 * it: a tie goes to the more common one.
 */
export interface Vocabulary {
  words: readonly { word: string; count: number }[];
}

/** The vocabulary of facet values such as `e-commerce` (also `e`, `commerce`) with their counts. */
export function vocabularyOf(values: Iterable<{ value: string; count: number }>): Vocabulary {
  const counts = new Map<string, number>();
  for (const { value, count } of values) {
    for (const word of new Set([value, ...value.split(/[-\s]+/)])) if (word.length >= 3) counts.set(word, Math.max(counts.get(word) ?? 0, count));
  }
  return { words: [...counts].map(([word, count]) => ({ word, count })) };
}

/** The search with its unknown words corrected, or undefined when no word changed. */
export function correctedSearch(q: string, vocabulary: Vocabulary): string | undefined {
  let changed = false;
  const words = q
    .trim()
    .split(/\s+/)
    .map((given) => {
      const word = given.toLowerCase();
      if (word.length < 4 || vocabulary.words.some((known) => known.word.startsWith(word))) return given;
      const closest = closestWord(word, vocabulary, word.length < 6 ? 1 : 2);
      if (closest === undefined) return given;
      changed = true;
      return closest;
    });
  return changed ? words.join(' ') : undefined;
}

function closestWord(word: string, vocabulary: Vocabulary, most: number): string | undefined {
  let best: { word: string; count: number; distance: number } | undefined;
  for (const known of vocabulary.words) {
    if (Math.abs(known.word.length - word.length) > most) continue;
    const distance = editDistance(word, known.word, most);
    if (distance > most) continue;
    if (!best || distance < best.distance || (distance === best.distance && known.count > best.count)) best = { ...known, distance };
  }
  return best?.word;
}

/** Optimal string alignment distance of `a` and `b`, or `most + 1` once it must exceed `most`. */
export function editDistance(a: string, b: string, most: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      smallest = Math.min(smallest, d);
    }
    if (smallest > most) return most + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, most + 1);
}
