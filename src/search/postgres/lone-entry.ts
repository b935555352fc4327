/**
 * calc_rank_cd's term for a cover of two neighbouring entries (keys, as CoverRanker sorts them:
 * (((position << 2) | weight) << 12) | slot): Cpos = 2 / InvSum, nNoise = q − p − 1, or 0.
 */
export function coverTerm(invws: Float64Array, previous: number, key: number): number {
  const invSum = 0.0 + invws[(previous >> 12) & 3]! + invws[(key >> 12) & 3]!;
  let nNoise = (key >>> 14) - (previous >>> 14) - 1;
  if (nNoise < 0) nNoise = 0;
  return 2 / invSum / (1 + nNoise);
}

/**
 * CoverRanker.rankPair when one of the two runs is a single entry (a rare word's one position
 * beside a common word's several: most matches of `python language`). Its covers are the other
 * run's entries just before and just after it in compareDocR's order, the only places where the
 * merged runs change sides, so the other run is read once, without writing or merging keys; the
 * terms are added in rankPair's order, left then right. NaN when neither run is a single entry,
 * or where rankPair would hand over to rank(): a run empty, descending or starting at position 0.
 * `ascending`: the caller knows no run descends, so the other run is read only up to the entry
 * after the single one.
 */
export function rankAroundOne(invws: Float64Array, bytes: Uint8Array, a: number, aEnd: number, b: number, bEnd: number, ascending: boolean): number {
  if (a === aEnd || b === bEnd) return Number.NaN;
  // The single entry is a run whose first varint is its whole body; slot 0 is a's, 1 is b's.
  let p = a;
  let c = bytes[p++]!;
  let v = c & 127;
  for (let sh = 7; c > 127; sh += 7) v |= ((c = bytes[p++]!) & 127) << sh;
  let slot = 0;
  let q = b;
  let end = bEnd;
  if (p !== aEnd) {
    p = b;
    c = bytes[p++]!;
    v = c & 127;
    for (let sh = 7; c > 127; sh += 7) v |= ((c = bytes[p++]!) & 127) << sh;
    if (p !== bEnd) return Number.NaN;
    slot = 1;
    q = a;
    end = aEnd;
  }
  const zz = v >>> 2;
  const pos = (zz >>> 1) ^ -(zz & 1);
  if (pos === 0) return Number.NaN;
  const one = (((pos << 2) | (v & 3)) << 12) | slot;
  const other = 1 - slot;
  let before = -1;
  let after = -1;
  let previous = -1;
  let at = 0;
  while (q < end) {
    c = bytes[q++]!;
    let w = c & 127;
    for (let sh = 7; c > 127; sh += 7) w |= ((c = bytes[q++]!) & 127) << sh;
    const d = w >>> 2;
    at += (d >>> 1) ^ -(d & 1);
    const key = (((at << 2) | (w & 3)) << 12) | other;
    // As rankPair: the run starts past position 0 and never descends (an entry twice is one).
    if (previous === -1 ? at === 0 : previous > key) return Number.NaN;
    if (key < one) before = key;
    else if (after === -1) {
      after = key;
      // The rest of a run known to ascend lies past it: nothing there changes the covers.
      if (ascending) break;
    }
    previous = key;
  }
  let wdoc = 0.0;
  if (before !== -1) wdoc += coverTerm(invws, before, one);
  if (after !== -1) wdoc += coverTerm(invws, one, after);
  return Math.fround(wdoc);
}
