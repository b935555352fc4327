/**
 * The positional inverted index: for each lexeme, the documents holding it (ascending) with
 * that lexeme's WordEntryPos list, varint-coded in one shared byte arena. Per posting:
 * varint(doc − previous doc), varint(the positions' length in bytes), then per position
 * varint(zigzag(pos − previous pos) · 4 + weight). The length, not the count, so that a
 * document an AND query cannot match is passed over in one step (a common word's postings in
 * `maps riders`: docs/performance.md change 54). Rebuilt in bulk (build()): documents set or
 * deleted since wait in the index's overlay, so the arena is immutable between builds.
 */
import { BoundedMap } from '../../lib/bounded-map.js';
import { capacityFor, grown } from '../grown.js';

/** A lexeme's postings decoded: each document, and where its body (the positions' length) starts. */
export interface DecodedPostings {
  readonly docs: Int32Array;
  readonly bodies: Int32Array;
}

/**
 * What decoded() keeps: 8 bytes a posting, so a lexeme in every one of 100,000 documents takes
 * 0.8 MB, and these 16 MB about twenty such. 8 MB held ten, fewer than the search bench's
 * thirteen common description words, so a stream of new searches decoded nearly every time:
 * 16 MB took match()'s p50 to 0.74 of it (docs/performance.md, change 70).
 */
const DECODED_BYTES = 16 * 2 ** 20;

export interface StoredDoc {
  /** Lexeme ids in the vector's order; positions of lex[i] are positions[ends[i-1] .. ends[i]). */
  readonly lex: Int32Array;
  readonly ends: Uint32Array;
  readonly positions: Uint16Array;
}

class ByteWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  varint(value: number): void {
    if (this.length + 5 > this.bytes.length) this.reserve(5);
    while (value > 127) {
      this.bytes[this.length++] = (value & 127) | 128;
      value >>>= 7;
    }
    this.bytes[this.length++] = value;
  }

  /** Writes `from`'s bytes so far and empties it. */
  drain(from: ByteWriter): void {
    this.copy(from.bytes, 0, from.length);
    from.length = 0;
  }

  copy(from: Uint8Array, start: number, end: number): void {
    this.reserve(end - start);
    this.bytes.set(from.subarray(start, end), this.length);
    this.length += end - start;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    this.bytes = grown(this.bytes, capacityFor(this.length + extra, this.bytes.length, 0), this.length);
  }
}

export class Postings {
  bytes = new Uint8Array(0);
  /** Lexeme id's postings: bytes[offsets[id] .. offsets[id + 1]); ids past the end have none. */
  offsets = new Int32Array(1);
  /** How many postings (documents) lexeme id has: decoded() sizes its list by it, walking once. */
  counts = new Int32Array(0);
  /**
   * Whether no posting's positions descend (by position, then weight: CoverRanker's key order),
   * as in every vector PostgreSQL prints: CoverRanker.runsAscend.
   */
  ascending = true;
  /** decoded()'s lists of this arena */
  private readonly decodedLists = new BoundedMap<number, DecodedPostings>(1024, { maxWeight: DECODED_BYTES, weigh: (list) => list.docs.byteLength + list.bodies.byteLength });

  /**
   * `decodeFrom`: a lexeme's postings are worth decoding (decodes()) from this many bytes, 64 KB
   * by default: ~6,000 documents of the generated catalog, a word in 6% of 100,000.
   */
  constructor(private readonly decodeFrom = 64 * 1024) {}

  /** Lexeme ids with postings in the arena. */
  get lexemes(): number {
    return this.offsets.length - 1;
  }

  /** Bytes of the decoded lists kept. */
  get decodedBytes(): number {
    return this.decodedLists.weight;
  }

  /**
   * Whether an AND of two operands should look the shorter one's documents up in the longer
   * lexeme's decoded list (decoded()) rather than walk both: when the longer has `ratio` times
   * the other's postings.
   */
  decodes(longBytes: number, shortBytes: number, ratio = 4): boolean {
    return longBytes >= this.decodeFrom && longBytes >= ratio * shortBytes;
  }

  /** Lexeme `id`'s postings decoded in one walk, kept until the arena is rebuilt (within DECODED_BYTES). */
  decoded(id: number): DecodedPostings {
    const kept = this.decodedLists.get(id);
    if (kept !== undefined) return kept;
    const bytes = this.bytes;
    const stop = this.offsets[id + 1]!;
    const docs = new Int32Array(this.counts[id]!);
    const bodies = new Int32Array(docs.length);
    let doc = -1;
    for (let p = this.offsets[id]!, n = 0; p < stop; n++) {
      let b = bytes[p++]!;
      let delta = b & 127;
      for (let s = 7; b > 127; s += 7) delta |= ((b = bytes[p++]!) & 127) << s;
      doc += delta;
      docs[n] = doc;
      bodies[n] = p;
      b = bytes[p++]!;
      let length = b & 127;
      for (let s = 7; b > 127; s += 7) length |= ((b = bytes[p++]!) & 127) << s;
      p += length;
    }
    const list = { docs, bodies };
    this.decodedLists.set(id, list);
    return list;
  }

  /** Rewrites the arena: today's postings minus `dropped` documents, plus `added` ones. */
  build(lexemes: number, dropped: Uint8Array, added: ReadonlyMap<number, StoredDoc>): void {
    this.decodedLists.clear();
    // The added documents' postings grouped by lexeme (counting sort), documents ascending.
    const docs = [...added.keys()].sort((a, b) => a - b);
    const start = new Int32Array(lexemes + 1);
    for (const doc of docs) for (const id of added.get(doc)!.lex) start[id + 1]!++;
    for (let id = 0; id < lexemes; id++) start[id + 1]! += start[id]!;
    const fill = start.slice(0, lexemes);
    const refDoc = new Int32Array(start[lexemes]!);
    const refIndex = new Int32Array(start[lexemes]!);
    for (const doc of docs) {
      const lex = added.get(doc)!.lex;
      for (let k = 0; k < lex.length; k++) {
        const at = fill[lex[k]!]!++;
        refDoc[at] = doc;
        refIndex[at] = k;
      }
    }
    const out = new ByteWriter();
    const body = new ByteWriter();
    const offsets = new Int32Array(lexemes + 1);
    const counts = new Int32Array(lexemes);
    // The old postings that stay keep the old arena's order.
    let ascending = this.ascending;
    const old = this.bytes;
    for (let id = 0; id < lexemes; id++) {
      offsets[id] = out.length;
      let outPrevious = -1;
      let oldPrevious = -1;
      let p = id < this.lexemes ? this.offsets[id]! : 0;
      const end = id < this.lexemes ? this.offsets[id + 1]! : 0;
      // The next old posting that stays: its document and its body (length and positions).
      let oldDoc = -1;
      let bodyStart = 0;
      const nextOld = (): void => {
        oldDoc = -1;
        while (p < end) {
          let b = old[p++]!;
          let delta = b & 127;
          for (let s = 7; b > 127; s += 7) delta |= ((b = old[p++]!) & 127) << s;
          oldPrevious += delta;
          bodyStart = p;
          b = old[p++]!;
          let length = b & 127;
          for (let s = 7; b > 127; s += 7) length |= ((b = old[p++]!) & 127) << s;
          p += length;
          if (dropped[oldPrevious] !== 1) {
            oldDoc = oldPrevious;
            return;
          }
        }
      };
      nextOld();
      let r = start[id]!;
      const rEnd = start[id + 1]!;
      while (oldDoc !== -1 || r < rEnd) {
        if (r < rEnd && (oldDoc === -1 || refDoc[r]! <= oldDoc)) {
          const doc = refDoc[r]!;
          if (doc === oldDoc) nextOld(); // the added version replaces the old one
          const { ends, positions } = added.get(doc)!;
          const k = refIndex[r++]!;
          const from = k === 0 ? 0 : ends[k - 1]!;
          const to = ends[k]!;
          out.varint(doc - outPrevious);
          outPrevious = doc;
          counts[id]!++;
          let previousPos = 0;
          let previousKey = -1;
          for (let j = from; j < to; j++) {
            const wep = positions[j]!;
            const key = ((wep & 0x3fff) << 2) | (wep >> 14);
            if (key < previousKey) ascending = false;
            previousKey = key;
            const delta = (wep & 0x3fff) - previousPos;
            previousPos = wep & 0x3fff;
            body.varint((delta >= 0 ? delta * 2 : -delta * 2 - 1) * 4 + (wep >> 14));
          }
          out.varint(body.length);
          out.drain(body);
        } else {
          out.varint(oldDoc - outPrevious);
          outPrevious = oldDoc;
          counts[id]!++;
          out.copy(old, bodyStart, p);
          nextOld();
        }
      }
    }
    offsets[lexemes] = out.length;
    this.bytes = out.bytes.slice(0, out.length);
    this.offsets = offsets;
    this.counts = counts;
    this.ascending = ascending;
  }
}
