import type { ImageInput } from '../catalog/project.js';
import { ValidationError, type FieldError } from '../lib/errors.js';
import type { ImageVariantRef, ProjectImage } from '../model/project.js';
import type { MediaInfo, MediaStore } from '../store/ports/index.js';
import { IMAGE_LIMITS, processImage, type ImageLimits, type ProcessedImage } from './images.js';

export const MEDIA_PREFIX = '/media/';
const DATA_URL = /^data:[a-z0-9+/.-]+;base64,/i;

/** A project image as stored, from a stored image: the largest JPEG is its plain `url`. */
export function imageFromMedia(info: MediaInfo, alt: string, caption: string | null): ProjectImage {
  const variants: ImageVariantRef[] = info.variants.map((v) => ({ url: `${MEDIA_PREFIX}${v.file}`, type: v.content_type, width: v.width, height: v.height }));
  const jpegs = variants.filter((v) => v.type === 'image/jpeg');
  const main = jpegs[jpegs.length - 1] ?? variants[variants.length - 1]!;
  return { url: main.url, alt, caption, width: main.width, height: main.height, media: info.id, placeholder: info.placeholder, variants };
}

/** An image input after its bytes (if any) were checked and processed, before anything is stored. */
export type PreparedImage = { input: ImageInput; processed: ProcessedImage | null };

/**
 * Bytes for an image named by a non-URL `url` (a file beside the catalog on import); undefined
 * when the caller reads no files (the API).
 */
export type ReadImageFile = (name: string) => Uint8Array | undefined;

/**
 * Checks and processes every image of a project (data: URLs and files), collecting each error
 * with its field (`images.2.url`), so nothing is stored unless all are good.
 */
export async function prepareImages(inputs: readonly ImageInput[], options: { readFile?: ReadImageFile; limits?: ImageLimits; pathPrefix?: string } = {}): Promise<PreparedImage[]> {
  const errors: FieldError[] = [];
  const out: PreparedImage[] = [];
  for (const [index, input] of inputs.entries()) {
    const at = `${options.pathPrefix ?? ''}images.${index}`;
    const url = input.media === undefined ? input.url : undefined;
    let bytes: Uint8Array | undefined;
    if (url !== undefined && DATA_URL.test(url)) bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    else if (url !== undefined && !/^(https?:\/\/|\/)/i.test(url)) {
      bytes = options.readFile?.(url);
      if (bytes === undefined) {
        errors.push({ path: `${at}.url`, message: options.readFile ? `no file "${url}" beside the project` : 'must be an http(s) URL, a path on this site, or a data: URL' });
        continue;
      }
    } else if (url !== undefined && (input.width === undefined || input.height === undefined)) {
      errors.push({ path: `${at}.width`, message: 'an image at a URL needs its width and height' });
      continue;
    }
    if (bytes === undefined) {
      out.push({ input, processed: null });
      continue;
    }
    try {
      out.push({ input, processed: await processImage(bytes, options.limits ?? IMAGE_LIMITS, `${at}.url`) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.push(...(error.errors ?? []));
    }
  }
  if (errors.length > 0) throw new ValidationError(`${errors.length} image(s) refused: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors, 422);
  return out;
}

/** Stores the processed images and resolves every `media` id; an unknown id is a field error. */
export async function storeImages(prepared: readonly PreparedImage[], media: MediaStore, nowMs: number, pathPrefix = ''): Promise<ProjectImage[]> {
  const errors: FieldError[] = [];
  const out: ProjectImage[] = [];
  for (const [index, { input, processed }] of prepared.entries()) {
    const caption = input.caption ?? null;
    if (processed) {
      out.push(imageFromMedia(await media.put(processed, nowMs), input.alt, caption));
    } else if (input.media !== undefined) {
      const info = await media.get(input.media);
      if (info) out.push(imageFromMedia(info, input.alt, caption));
      else errors.push({ path: `${pathPrefix}images.${index}.media`, message: 'no uploaded image has this id' });
    } else {
      out.push({ url: input.url!, alt: input.alt, caption, width: input.width!, height: input.height! });
    }
  }
  if (errors.length > 0) throw new ValidationError(`${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
  return out;
}

/** An image as the import format writes it: stored images by id (their bytes go beside it). */
export function imageInputOf(image: ProjectImage): ImageInput {
  const caption = image.caption ?? null;
  if (image.media) return { media: image.media, alt: image.alt, ...(caption !== null ? { caption } : {}) };
  return { url: image.url, alt: image.alt, width: image.width, height: image.height, ...(caption !== null ? { caption } : {}) };
}
