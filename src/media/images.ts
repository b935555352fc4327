import { hash as cryptoHash } from 'node:crypto';
import type Sharp from 'sharp';
import { lazyModule } from '../lib/lazy-module.js';
import { ValidationError } from '../lib/errors.js';
import { sniffImageType, type RasterType } from './sniff.js';

const loadSharp = lazyModule<typeof Sharp>('sharp');

/** Limits checked before any pixel is decoded (a decompression bomb is refused, not processed). */
export interface ImageLimits {
  maxBytes: number;
  /** width × height as the file's header declares it */
  maxPixels: number;
  /** longest side */
  maxSide: number;
}

export const IMAGE_LIMITS: ImageLimits = { maxBytes: 20 * 1024 * 1024, maxPixels: 40_000_000, maxSide: 12_000 };
/** Widths produced for `srcset`; an image narrower than one gets its own width instead. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
export type VariantFormat = 'avif' | 'webp' | 'jpeg';
const FORMATS: readonly VariantFormat[] = ['avif', 'webp', 'jpeg'];
const EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
/** base64url characters of a variant's hash in its file name */
const VARIANT_HASH_CHARS = 22;
/**
 * A variant's file name as a regular expression's source (the route and the cached-read lane
 * match it): `img-`, its bytes' hash (captured), `.`, its extension; variantFile() writes it.
 */
export const VARIANT_FILE = `img-([A-Za-z0-9_-]{${VARIANT_HASH_CHARS}})\\.(${Object.values(EXTENSION).join('|')})`;
const variantFile = (data: Uint8Array, format: VariantFormat) => `img-${hash(data, VARIANT_HASH_CHARS)}.${EXTENSION[format]}`;
const SHARP_FORMAT: Record<RasterType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif', 'image/gif': 'gif' };

export interface ImageVariant {
  /** `img-<content hash>.<ext>`: the file name under /media/, changes whenever the bytes do */
  file: string;
  format: VariantFormat;
  content_type: string;
  width: number;
  height: number;
  data: Buffer;
}

/** An accepted image: the original as uploaded, its variants and a tiny blurred placeholder. */
export interface ProcessedImage {
  /** `img_<hash of the original>`: the same bytes always give the same id */
  id: string;
  content_type: RasterType;
  /** displayed size, after orientation */
  width: number;
  height: number;
  original: Buffer;
  /** `data:image/webp;base64,…`, a few hundred bytes */
  placeholder: string;
  variants: ImageVariant[];
}

const hash = (bytes: Uint8Array, length: number) => cryptoHash('sha256', bytes, 'base64url').slice(0, length);

export function imageRefused(message: string, path = 'image'): ValidationError {
  return new ValidationError(`The image is refused: ${message}.`, [{ path, message }], 422);
}

export function mediaIdOf(bytes: Uint8Array): string {
  return `img_${hash(bytes, 22)}`;
}

/**
 * Checks an image by its bytes and header, then makes its variants: the real type from magic
 * numbers (SVG and anything else refused), the size from the header before decoding, metadata
 * stripped (sharp writes none unless asked), orientation applied.
 */
export async function processImage(input: Uint8Array, limits: ImageLimits = IMAGE_LIMITS, path = 'image'): Promise<ProcessedImage> {
  if (input.length === 0) throw imageRefused('the file is empty', path);
  if (input.length > limits.maxBytes) throw imageRefused(`it is larger than ${Math.floor(limits.maxBytes / 1024)} KiB`, path);
  const type = sniffImageType(input);
  if (type === 'image/svg+xml') throw imageRefused('SVG is not accepted for project images; upload JPEG, PNG, WebP, AVIF or GIF', path);
  if (type === null) throw imageRefused('it is not a JPEG, PNG, WebP, AVIF or GIF image', path);
  const bytes = Buffer.from(input);
  const options = { limitInputPixels: limits.maxPixels, failOn: 'error' as const };
  let meta: Sharp.Metadata;
  try {
    // The header only (no pixel is decoded here), so an oversized image is named by its size below.
    meta = await loadSharp()(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw imageRefused('the image cannot be read', path);
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w <= 0 || h <= 0) throw imageRefused('the image has no size', path);
  if (w * h > limits.maxPixels || Math.max(w, h) > limits.maxSide) {
    throw imageRefused(`it is ${w}×${h} pixels; at most ${limits.maxPixels / 1_000_000} megapixels and ${limits.maxSide} pixels a side are accepted`, path);
  }
  if (meta.format !== SHARP_FORMAT[type]) throw imageRefused('its contents do not match its type', path);
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? h : w;
  const height = turned ? w : h;
  const pipeline = () => loadSharp()(bytes, { ...options, animated: false }).rotate();
  try {
    const widths = [...new Set(VARIANT_WIDTHS.map((v) => Math.min(v, width)))];
    const variants: ImageVariant[] = [];
    for (const target of widths) {
      for (const format of FORMATS) {
        const resized = pipeline().resize({ width: target, withoutEnlargement: true });
        const encoded = format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : format === 'webp' ? resized.webp({ quality: 78 }) : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        variants.push({ file: variantFile(data, format), format, content_type: `image/${format}`, width: info.width, height: info.height, data });
      }
    }
    const tiny = await pipeline().resize({ width: 16, height: 16, fit: 'inside' }).blur(1.2).webp({ quality: 40 }).toBuffer();
    return { id: mediaIdOf(bytes), content_type: type, width, height, original: bytes, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, variants };
  } catch {
    throw imageRefused('the image cannot be decoded', path);
  }
}
