import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { processImage } from '../../src/media/images.js';
import { ValidationError } from '../../src/lib/errors.js';

/** A real photo-like JPEG with EXIF GPS coordinates and a camera orientation. */
async function photo(options: { width: number; height: number; orientation?: number }): Promise<Buffer> {
  const image = sharp({ create: { width: options.width, height: options.height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .composite([{ input: { create: { width: Math.floor(options.width / 2), height: options.height, channels: 3, background: { r: 20, g: 90, b: 200 } } }, left: 0, top: 0 }])
    .withExif({ IFD0: { Make: 'TestCam', Model: 'GPS Leaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 35/1 0/1' } });
  const withOrientation = options.orientation ? image.withMetadata({ orientation: options.orientation }) : image;
  return withOrientation.jpeg({ quality: 90 }).toBuffer();
}

/** A PNG whose header declares `width`×`height` (with a valid CRC) over a 1×1 image's data: a decompression bomb's shape. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const refusal = async (bytes: Uint8Array): Promise<string> => {
  try {
    await processImage(bytes);
  } catch (error) {
    assert.ok(error instanceof ValidationError, String(error));
    assert.equal(error.status, 422);
    return error.errors![0]!.message;
  }
  assert.fail('the image was accepted');
};

describe('project images (sharp)', () => {
  it('refuses a 20000×20000 PNG from its header, before decoding it', async () => {
    const bomb = await pngDeclaring(20_000, 20_000);
    assert.equal((await sharp(bomb, { limitInputPixels: false }).metadata()).width, 20_000, 'the header really declares 20000 pixels');
    const started = process.hrtime.bigint();
    const message = await refusal(bomb);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    assert.match(message, /20000×20000 pixels; at most 40 megapixels/);
    // Decoding 400 megapixels would take seconds and 1.2 GB; reading a header takes milliseconds.
    assert.ok(ms < 500, `refused in ${ms} ms`);
  });

  it('refuses a .png that is really HTML, an SVG, and an empty file', async () => {
    assert.match(await refusal(Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')), /not a JPEG, PNG, WebP, AVIF or GIF/);
    assert.match(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')), /SVG is not accepted/);
    assert.match(await refusal(new Uint8Array()), /empty/);
    // PNG magic followed by garbage: the type is right, the file is not an image.
    assert.match(await refusal(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])), /cannot be read/);
  });

  it('strips EXIF (GPS included) from every variant and makes AVIF, WebP and JPEG at a few widths', async () => {
    const input = await photo({ width: 1200, height: 800 });
    const meta = await sharp(input).metadata();
    assert.ok(meta.exif && meta.exif.includes(Buffer.from('GPS Leaker')), 'the upload carries EXIF');
    const image = await processImage(input);
    assert.equal(image.width, 1200);
    assert.equal(image.height, 800);
    assert.deepEqual(
      image.variants.map((v) => `${v.format}@${v.width}x${v.height}`),
      ['avif@480x320', 'webp@480x320', 'jpeg@480x320', 'avif@960x640', 'webp@960x640', 'jpeg@960x640', 'avif@1200x800', 'webp@1200x800', 'jpeg@1200x800'],
    );
    for (const variant of image.variants) {
      const m = await sharp(variant.data).metadata();
      assert.equal(m.exif, undefined, `${variant.file} has no EXIF`);
      assert.equal(m.xmp, undefined, `${variant.file} has no XMP`);
      assert.ok(!variant.data.includes(Buffer.from('GPS Leaker')), `${variant.file} does not carry the camera's tags`);
      assert.equal(m.format, { avif: 'heif', webp: 'webp', jpeg: 'jpeg' }[variant.format]);
      assert.match(variant.file, /^img-[A-Za-z0-9_-]{22}\.(avif|webp|jpg)$/);
    }
    assert.match(image.placeholder, /^data:image\/webp;base64,/);
    assert.ok(image.placeholder.length < 1000, 'the placeholder is tiny');
    assert.equal((await processImage(input)).id, image.id, 'the same bytes give the same id');
  });

  it('applies the camera orientation: a 40×20 photo turned by EXIF orientation 6 is 20×40', async () => {
    const input = await photo({ width: 40, height: 20, orientation: 6 });
    assert.equal((await sharp(input).metadata()).orientation, 6);
    const image = await processImage(input);
    assert.deepEqual([image.width, image.height], [20, 40]);
    for (const variant of image.variants) {
      const m = await sharp(variant.data).metadata();
      assert.deepEqual([m.width, m.height, m.orientation ?? 1], [20, 40, 1], variant.file);
    }
    // The left half was blue before turning; turned clockwise, it is the top half now.
    const jpeg = image.variants.find((v) => v.format === 'jpeg')!;
    const { data } = await sharp(jpeg.data).raw().toBuffer({ resolveWithObject: true });
    const [r, , b] = data.subarray(0, 3);
    assert.ok(b! > r!, `top-left pixel is blue after rotation (r=${r}, b=${b})`);
  });
});
