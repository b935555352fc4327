import { hash } from 'node:crypto';
import type Sharp from 'sharp';
import { lazyModule } from '../lib/lazy-module.js';
import { ValidationError } from '../lib/errors.js';
import { sniffImageType, svgSize, unsafeSvgReason, type RasterType } from '../media/sniff.js';
import { stripMetadata } from '../media/strip-metadata.js';

const loadSharp = lazyModule<typeof Sharp>('sharp');

/** A logo as stored: its bytes (base64), real type and intrinsic size. */
export interface StudioLogo {
  content_type: string;
  /** base64 of the bytes */
  data: string;
  width: number;
  height: number;
}

export const LOGO_MAX_BYTES = 256 * 1024;
/** A logo is small; anything larger is refused before it is decoded. */
const LOGO_MAX_PIXELS = 4096 * 4096;

const refuse = (message: string) => new ValidationError(`The logo is refused: ${message}.`, [{ path: 'logo', message }], 422);

/** Checks an uploaded logo by its bytes: SVG without script or outside references, or a raster image of sane size. */
export async function acceptLogo(bytes: Uint8Array): Promise<StudioLogo> {
  if (bytes.length === 0) throw refuse('the file is empty');
  if (bytes.length > LOGO_MAX_BYTES) throw refuse(`it is larger than ${LOGO_MAX_BYTES / 1024} KiB`);
  const type = sniffImageType(bytes);
  if (type === null) throw refuse('it is not an SVG, PNG, JPEG, WebP, AVIF or GIF image');
  if (type === 'image/svg+xml') {
    const data = Buffer.from(bytes).toString('base64');
    const text = Buffer.from(bytes).toString('utf8');
    const unsafe = unsafeSvgReason(text);
    if (unsafe) throw refuse(`the SVG ${unsafe}`);
    const size = svgSize(text);
    if (!size) throw refuse('the SVG has neither width and height nor a viewBox');
    return { content_type: type, data, ...size };
  }
  try {
    return await rasterLogo(type, bytes);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw refuse('the image cannot be read, or is larger than 4096×4096 pixels');
  }
}

/** Output settings when a logo must be re-encoded; PNG stays lossless. */
const REENCODE: Record<RasterType, [format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif', options: object]> = {
  'image/jpeg': ['jpeg', { quality: 92 }],
  'image/png': ['png', {}],
  'image/webp': ['webp', { quality: 92 }],
  'image/avif': ['avif', { quality: 80 }],
  'image/gif': ['gif', {}],
};

/**
 * A raster logo is served as uploaded, so what the camera or editor wrote into it (EXIF with
 * GPS, XMP, comments) is taken out first, without touching the pixels. Two cases need a
 * re-encode instead: an EXIF orientation, which would be lost with the EXIF (the pixels are
 * turned upright), and AVIF carrying metadata.
 */
async function rasterLogo(type: RasterType, bytes: Uint8Array): Promise<StudioLogo> {
  const sharp = loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS }).metadata();
  if (!meta.width || !meta.height || meta.width * meta.height > LOGO_MAX_PIXELS) throw new Error('size');
  const carriesMetadata = meta.exif !== undefined || meta.xmp !== undefined || meta.iptc !== undefined;
  if ((meta.orientation ?? 1) > 1 || (type === 'image/avif' && carriesMetadata)) {
    const [format, options] = REENCODE[type];
    const { data, info } = await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS }).rotate().keepIccProfile().toFormat(format, options).toBuffer({ resolveWithObject: true });
    if (data.length > LOGO_MAX_BYTES) throw refuse(`turned upright, it is larger than ${LOGO_MAX_BYTES / 1024} KiB`);
    return { content_type: type, data: data.toString('base64'), width: info.width, height: info.height };
  }
  const kept = type === 'image/avif' ? Buffer.from(bytes) : stripMetadata(type, bytes);
  return { content_type: type, data: kept.toString('base64'), width: meta.width, height: meta.height };
}

/** Short content hash: part of the logo's URL, so the URL changes whenever the bytes do. */
export function logoHash(logo: StudioLogo): string {
  return hash('sha256', logo.data, 'base64url').slice(0, 16);
}

export function logoExtension(contentType: string): string {
  return { 'image/svg+xml': 'svg', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/avif': 'avif', 'image/gif': 'gif' }[contentType] ?? 'bin';
}

/** `data:` URL form used in catalog files. */
export function logoToDataUrl(logo: StudioLogo): string {
  return `data:${logo.content_type};base64,${logo.data}`;
}

export async function logoFromDataUrl(url: string): Promise<StudioLogo> {
  const match = /^data:[a-z+/.-]+;base64,([A-Za-z0-9+/=]+)$/i.exec(url.trim());
  if (!match) throw refuse('expected a data: URL with base64 content');
  return acceptLogo(Buffer.from(match[1]!, 'base64'));
}
