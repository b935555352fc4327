/**
 * Metadata taken out of an image without decoding it: camera EXIF (GPS included), XMP, IPTC,
 * text comments and anything after the image's end go; the pixels, the colour profile and an
 * animation's frames stay byte for byte. Used for logos, which are served as uploaded; project
 * images are re-encoded into variants instead (images.ts). AVIF is not handled here.
 */
export type StrippableType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** Bytes that do not follow their format's structure; the caller refuses the upload. */
export class MalformedImageError extends Error {}

export function stripMetadata(type: StrippableType, bytes: Uint8Array): Buffer {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case 'image/jpeg': return stripJpeg(input);
    case 'image/png': return stripPng(input);
    case 'image/webp': return stripWebp(input);
    case 'image/gif': return stripGif(input);
  }
}

function need(condition: boolean): asserts condition {
  if (!condition) throw new MalformedImageError('truncated or malformed image');
}

/**
 * JPEG (ITU T.81 Annex B): the segments before the first scan are kept except APP1 (EXIF,
 * XMP), APP3–APP13 (APP13 is Photoshop's IPTC), APP15, COM and any APP2 but an ICC profile
 * (MPF's APP2 points at images appended after EOI). APP0 (JFIF) and APP14 (Adobe's colour
 * transform) stay. From the first SOS on the bytes are copied up to EOI, which cannot occur
 * inside entropy-coded data (a 0xFF there is always followed by 0x00 or a restart marker).
 */
function stripJpeg(input: Buffer): Buffer {
  need(input[0] === 0xff && input[1] === 0xd8);
  const kept: Buffer[] = [input.subarray(0, 2)];
  let at = 2;
  for (;;) {
    while (input[at] === 0xff && input[at + 1] === 0xff) at++; // fill bytes (B.1.1.2)
    need(at + 4 <= input.length && input[at] === 0xff);
    const marker = input[at + 1]!;
    const end = at + 2 + input.readUInt16BE(at + 2);
    need(end <= input.length);
    if (marker === 0xda) break;
    if (keepJpegSegment(marker, input.subarray(at + 4, end))) kept.push(input.subarray(at, end));
    at = end;
  }
  const eoi = input.indexOf(Buffer.from([0xff, 0xd9]), at);
  need(eoi >= 0);
  kept.push(input.subarray(at, eoi + 2));
  return Buffer.concat(kept);
}

function keepJpegSegment(marker: number, payload: Buffer): boolean {
  if (marker === 0xe2) return payload.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0';
  if (marker === 0xe0 || marker === 0xee) return true;
  return !(marker >= 0xe1 && marker <= 0xef) && marker !== 0xfe;
}

/** PNG (ISO 15948 §5.3): every chunk up to IEND, less eXIf, the text chunks and tIME. */
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function stripPng(input: Buffer): Buffer {
  const kept: Buffer[] = [input.subarray(0, 8)];
  let at = 8;
  for (;;) {
    need(at + 12 <= input.length);
    const type = input.toString('latin1', at + 4, at + 8);
    const end = at + 12 + input.readUInt32BE(at);
    need(end <= input.length);
    if (!PNG_DROPPED.has(type)) kept.push(input.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(kept);
    at = end;
  }
}

/**
 * WebP (RFC 9649 §2.7): the RIFF chunks less EXIF and XMP, with VP8X's flags for them cleared
 * and the RIFF size recounted.
 */
const WEBP_EXIF_FLAG = 0x08;
const WEBP_XMP_FLAG = 0x04;

function stripWebp(input: Buffer): Buffer {
  need(input.length >= 12);
  const riffEnd = Math.min(input.length, 8 + input.readUInt32LE(4));
  const kept: Buffer[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const fourcc = input.toString('latin1', at, at + 4);
    const size = input.readUInt32LE(at + 4);
    const end = at + 8 + size + (size & 1); // a chunk of odd size is padded
    need(at + 8 + size <= riffEnd);
    if (fourcc === 'VP8X') {
      const chunk = Buffer.from(input.subarray(at, end));
      chunk[8] = chunk[8]! & ~(WEBP_EXIF_FLAG | WEBP_XMP_FLAG);
      kept.push(chunk);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') kept.push(input.subarray(at, Math.min(end, input.length)));
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.from(input.subarray(0, 12));
  header.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([header, body]);
}

/**
 * GIF (GIF89a §§17–27): comment extensions and application extensions other than the looping
 * ones (NETSCAPE2.0, ANIMEXTS1.0) go — XMP travels in an application extension.
 */
const GIF_LOOPING = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

function stripGif(input: Buffer): Buffer {
  need(input.length >= 13);
  const colourTable = (flags: number) => (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(input[10]!);
  const kept: Buffer[] = [input.subarray(0, at)];
  const subBlocksEnd = (from: number) => {
    let p = from;
    for (;;) {
      need(p < input.length);
      const size = input[p]!;
      p += 1 + size;
      if (size === 0) return p;
    }
  };
  for (;;) {
    need(at < input.length);
    const introducer = input[at]!;
    if (introducer === 0x3b) {
      kept.push(input.subarray(at, at + 1));
      return Buffer.concat(kept);
    }
    let end: number;
    let keep = true;
    if (introducer === 0x21) {
      need(at + 2 < input.length);
      const label = input[at + 1]!;
      end = subBlocksEnd(at + 2);
      if (label === 0xfe) keep = false;
      if (label === 0xff) keep = GIF_LOOPING.has(input.toString('latin1', at + 3, at + 14));
    } else {
      need(introducer === 0x2c && at + 10 < input.length);
      end = subBlocksEnd(at + 10 + colourTable(input[at + 9]!) + 1);
    }
    need(end <= input.length);
    if (keep) kept.push(input.subarray(at, end));
    at = end;
  }
}
