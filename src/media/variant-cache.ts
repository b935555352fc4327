import { BoundedMap } from '../lib/bounded-map.js';
import type { MediaFile, MediaStore } from '../store/ports/index.js';

/** What the variant cache keeps at most: a count, and the bytes of the images in all. */
export const VARIANT_CACHE_LIMITS = { entries: 512, bytes: 16 * 2 ** 20 } as const;

/**
 * Image variants as served (`GET /media/img-<hash>.<ext>`), kept in memory. A variant's name is
 * the hash of its bytes and nothing deletes one, so a kept variant is the stored one for as long
 * as the process runs, on every instance: no version to check. A catalog page shows a dozen of
 * them to each new visitor, and each was read from the database on every request (bench/
 * studio-site.ts: an AVIF variant 97–158 µs of CPU against 16–21 µs for bare node:http sending
 * the same bytes). Bounded by count and bytes, oldest first; a variant larger than the whole
 * budget is read each time.
 */
export class VariantCache {
  private readonly kept: BoundedMap<string, MediaFile>;

  constructor(
    private readonly media: Pick<MediaStore, 'variant'>,
    limits: { entries: number; bytes: number } = VARIANT_CACHE_LIMITS,
  ) {
    this.kept = new BoundedMap(limits.entries, { maxWeight: limits.bytes, weigh: (file) => file.data.byteLength });
  }

  /** The variant if it is kept, without reading the store. */
  peek(file: string): MediaFile | undefined {
    return this.kept.get(file);
  }

  async get(file: string): Promise<MediaFile | undefined> {
    const hit = this.kept.get(file);
    if (hit !== undefined) return hit;
    const found = await this.media.variant(file);
    if (found !== undefined) this.kept.set(file, found);
    return found;
  }
}
