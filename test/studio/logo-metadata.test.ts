import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { acceptLogo } from '../../src/studio/logo.js';
import { ValidationError } from '../../src/lib/errors.js';

const CAMERA = { IFD0: { Make: 'TestCam', Model: 'GPS Leaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 35/1 0/1' } };
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Xmp Author"/></rdf:RDF></x:xmpmeta>';
const SECRETS = ['GPS Leaker', 'TestCam', 'Xmp Author', 'Secret Comment'];

/** Two colours side by side, so a turn or a lost pixel shows. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .composite([{ input: { create: { width: Math.floor(width / 2), height, channels: 3, background: { r: 20, g: 90, b: 200 } } }, left: 0, top: 0 }]);

const pixels = async (bytes: Uint8Array) => (await sharp(bytes).raw().toBuffer({ resolveWithObject: true }));
const stored = async (bytes: Uint8Array) => {
  const logo = await acceptLogo(bytes);
  return { logo, bytes: Buffer.from(logo.data, 'base64') };
};

function assertNoSecrets(bytes: Buffer): void {
  for (const secret of SECRETS) assert.ok(!bytes.includes(Buffer.from(secret)), `the stored logo does not carry "${secret}"`);
}

/** A PNG chunk with its CRC (ISO 15948 §5.3). */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

describe('a raster logo loses its metadata, not its pixels', () => {
  it('JPEG: EXIF with GPS, XMP and a comment go; the pixels and the colour profile stay byte for byte', async () => {
    const upload = await picture(40, 20).withExif(CAMERA).withXmp(XMP).withIccProfile('p3').jpeg({ quality: 90 }).toBuffer();
    // A COM segment right after SOI (T.81 B.2.4.5).
    const comment = Buffer.from('Secret Comment');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const withComment = Buffer.concat([upload.subarray(0, 2), com, upload.subarray(2), Buffer.from('trailing bytes after EOI')]);
    for (const secret of ['GPS Leaker', 'Xmp Author', 'Secret Comment']) assert.ok(withComment.includes(Buffer.from(secret)), `the upload carries "${secret}"`);

    const { logo, bytes } = await stored(withComment);
    assertNoSecrets(bytes);
    assert.ok(!bytes.includes(Buffer.from('trailing bytes')), 'nothing after EOI is kept');
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.exif, undefined);
    assert.equal(meta.xmp, undefined);
    assert.ok(meta.icc, 'the ICC profile is kept');
    assert.deepEqual(await pixels(bytes), await pixels(upload), 'the same pixels: nothing was re-encoded');
    assert.deepEqual([logo.width, logo.height, logo.content_type], [40, 20, 'image/jpeg']);
  });

  it('PNG: eXIf and the text chunks go; the image chunks stay', async () => {
    const upload = await picture(30, 10).withExif(CAMERA).png().toBuffer();
    const iend = upload.length - 12;
    const withText = Buffer.concat([upload.subarray(0, iend), pngChunk('tEXt', Buffer.from('Comment\0Secret Comment', 'latin1')), pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`)), upload.subarray(iend)]);
    assert.ok(withText.includes(Buffer.from('GPS Leaker')) && withText.includes(Buffer.from('Xmp Author')));

    const { bytes } = await stored(withText);
    assertNoSecrets(bytes);
    assert.equal((await sharp(bytes).metadata()).exif, undefined);
    assert.deepEqual(await pixels(bytes), await pixels(upload));
  });

  it('WebP: the EXIF and XMP chunks go, with their flags in VP8X and a recounted RIFF size', async () => {
    const upload = await picture(24, 12).withExif(CAMERA).withXmp(XMP).webp({ lossless: true }).toBuffer();
    assert.ok(upload.includes(Buffer.from('EXIF')) && upload.includes(Buffer.from('Xmp Author')));

    const { bytes } = await stored(upload);
    assertNoSecrets(bytes);
    assert.equal(bytes.readUInt32LE(4), bytes.length - 8, 'the RIFF size matches the file');
    const vp8x = bytes.indexOf(Buffer.from('VP8X'));
    assert.equal(bytes[vp8x + 8]! & 0x0c, 0, 'VP8X no longer announces EXIF or XMP');
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.exif, undefined);
    assert.equal(meta.xmp, undefined);
    assert.deepEqual(await pixels(bytes), await pixels(upload));
  });

  it('GIF: comment and XMP application extensions go; the looping extension and every frame stay', async () => {
    const frame = (colour: string) => sharp({ create: { width: 8, height: 8, channels: 3, background: colour } }).png().toBuffer();
    const upload = await sharp([await frame('#c85028'), await frame('#145ac8')], { join: { animated: true } }).gif({ loop: 0, delay: [100, 100] }).toBuffer();
    const globalTable = 3 << ((upload[10]! & 0x07) + 1);
    const at = 13 + globalTable;
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 14]), Buffer.from('Secret Comment'), Buffer.from([0])]);
    const xmpData = Buffer.from(XMP);
    const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP'), Buffer.from([xmpData.length]), xmpData, Buffer.from([0])]);
    const withExtensions = Buffer.concat([upload.subarray(0, at), comment, xmp, upload.subarray(at)]);
    assert.equal((await sharp(withExtensions, { animated: true }).metadata()).pages, 2, 'the upload is a valid two-frame GIF');

    const { bytes } = await stored(withExtensions);
    assertNoSecrets(bytes);
    assert.ok(bytes.includes(Buffer.from('NETSCAPE2.0')), 'the looping extension is kept');
    assert.deepEqual(bytes, upload, 'exactly the GIF before the extensions were added');
  });

  it('a camera orientation is applied to the pixels before the EXIF goes: a 40×20 photo with orientation 6 is a 20×40 logo', async () => {
    const upload = await picture(40, 20).withExif(CAMERA).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
    const { logo, bytes } = await stored(upload);
    assertNoSecrets(bytes);
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.orientation, undefined);
    assert.deepEqual([logo.width, logo.height, meta.width, meta.height], [20, 40, 20, 40]);
  });

  it('AVIF carrying EXIF is re-encoded without it', async () => {
    const upload = await picture(16, 16).withExif(CAMERA).avif({ quality: 60 }).toBuffer();
    assert.ok((await sharp(upload).metadata()).exif, 'the upload carries EXIF');
    const { logo, bytes } = await stored(upload);
    assertNoSecrets(bytes);
    assert.equal((await sharp(bytes).metadata()).exif, undefined);
    assert.equal(logo.content_type, 'image/avif');
  });

  it('a JPEG cut off before its end is refused, not stored half-stripped', async () => {
    const upload = await picture(40, 20).jpeg({ quality: 90 }).toBuffer();
    await assert.rejects(acceptLogo(upload.subarray(0, upload.length - 40)), (error: unknown) => error instanceof ValidationError && error.status === 422);
  });
});
