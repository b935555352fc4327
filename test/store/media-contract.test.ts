import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import sharp from 'sharp';
import { processImage, type ProcessedImage } from '../../src/media/images.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');

await describeEachDialect('media storage contract', (suite) => {
  let image: ProcessedImage;

  before(async () => {
    image = await processImage(await sharp({ create: { width: 600, height: 300, channels: 3, background: '#35a' } }).png().toBuffer());
  });

  it('knows nothing of an image before it is put', async () => {
    assert.equal(await suite.store.media.get(image.id), undefined);
    assert.equal(await suite.store.media.variant(image.variants[0]!.file), undefined);
    assert.equal(await suite.store.media.original(image.id), undefined);
  });

  it('stores the original and every variant byte for byte, and lists the variants by width', async () => {
    const info = await suite.store.media.put(image, NOW);
    assert.deepEqual(info, {
      id: image.id,
      content_type: 'image/png',
      width: 600,
      height: 300,
      placeholder: image.placeholder,
      variants: [...image.variants].sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)).map(({ data: _d, ...v }) => v),
    });
    for (const v of image.variants) {
      const file = await suite.store.media.variant(v.file);
      assert.equal(file?.content_type, v.content_type);
      assert.ok(file!.data.equals(v.data), `${v.file} comes back unchanged`);
    }
    assert.ok((await suite.store.media.original(image.id))!.data.equals(image.original));
  });

  it('putting the same original again changes nothing', async () => {
    const again = await suite.store.media.put({ ...image, variants: image.variants.map((v) => ({ ...v, file: `img-${'x'.repeat(22)}.jpg` })) }, NOW + 1000);
    assert.deepEqual(again.variants.map((v) => v.file).sort(), image.variants.map((v) => v.file).sort());
    assert.equal(await suite.store.media.variant(`img-${'x'.repeat(22)}.jpg`), undefined);
  });

  it('a put inside a transaction that fails stores nothing', async () => {
    const other = await processImage(await sharp({ create: { width: 50, height: 50, channels: 3, background: '#a53' } }).webp().toBuffer());
    await assert.rejects(
      suite.store.transaction(async (tx) => {
        await tx.media.put(other, NOW);
        throw new Error('abort');
      }),
      /abort/,
    );
    assert.equal(await suite.store.media.get(other.id), undefined);
    assert.equal(await suite.store.media.variant(other.variants[0]!.file), undefined);
  });
});
