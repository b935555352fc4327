import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { processImage } from '../../src/media/images.js';
import { VariantCache } from '../../src/media/variant-cache.js';
import type { MediaInfo, MediaStore } from '../../src/store/ports/index.js';
import { openStore, type OpenedStore } from '../helpers/open-store.js';

// Image variants are named by the hash of their bytes and never deleted, so the cache in front
// of the store (src/media/variant-cache.ts) needs no version check; these tests count the reads
// that reach a real SQLite store.
describe('VariantCache', () => {
  let opened: OpenedStore;
  let info: MediaInfo;
  let reads: string[];
  let counting: Pick<MediaStore, 'variant'>;

  before(async () => {
    opened = await openStore('sqlite');
    await opened.store.migrate();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 90 } } }).png().toBuffer();
    info = await opened.store.media.put(await processImage(png), Date.now());
    const media = opened.store.media;
    counting = { variant: (file: string) => (reads.push(file), media.variant(file)) };
  });
  after(() => opened.drop());

  it('reads a variant from the store once, then answers with the same bytes from memory', async () => {
    reads = [];
    const cache = new VariantCache(counting);
    const file = info.variants[0]!.file;
    const first = await cache.get(file);
    const again = await cache.get(file);
    assert.ok(first && again);
    assert.ok(again.data.equals((await opened.store.media.variant(file))!.data), 'the stored bytes');
    assert.equal(again.content_type, info.variants[0]!.content_type);
    assert.deepEqual(reads, [file]);
  });

  it('keeps no answer for a name the store does not have', async () => {
    reads = [];
    const cache = new VariantCache(counting);
    const missing = 'img-AAAAAAAAAAAAAAAAAAAAAA.avif';
    assert.equal(await cache.get(missing), undefined);
    assert.equal(await cache.get(missing), undefined);
    assert.deepEqual(reads, [missing, missing]);
  });

  it('keeps no more bytes than its budget, oldest first', async () => {
    reads = [];
    const [a, b] = info.variants.map((v) => v.file);
    const sizes = await Promise.all([a!, b!].map(async (file) => (await opened.store.media.variant(file))!.data.byteLength));
    // Room for either variant, not both.
    const cache = new VariantCache(counting, { entries: 10, bytes: Math.max(...sizes) + Math.min(...sizes) - 1 });
    await cache.get(a!);
    await cache.get(b!);
    await cache.get(b!);
    await cache.get(a!);
    assert.deepEqual(reads, [a, b, a], 'b pushed a out; b itself stayed');
  });
});
