import { ValidationError } from '../lib/errors.js';
import { processImage, type ImageLimits } from '../media/images.js';
import { imageFromMedia, imageInputOf } from '../media/project-images.js';
import type { ProjectImage } from '../model/project.js';
import type { MediaStore } from '../store/ports/index.js';
import { MAX_IMAGES, type ImageInput } from './project.js';

/** How many files the admin form takes at once. */
export const UPLOAD_ROWS = 3;

/** One image row of the admin form: a stored image (`m:<id>`) or one of the project's images at a URL (`u:<index>`). */
export interface ImageRow {
  key: string;
  alt: string;
  caption: string;
  /** what to show as a thumbnail */
  thumb: string;
  width: number;
  height: number;
}

export function imageRows(images: readonly ProjectImage[]): ImageRow[] {
  return images.map((image, index) => {
    const small = image.variants?.find((v) => v.type === 'image/jpeg');
    return { key: image.media ? `m:${image.media}` : `u:${index}`, alt: image.alt, caption: image.caption ?? '', thumb: small?.url ?? image.url, width: small?.width ?? image.width, height: small?.height ?? image.height };
  });
}

type Body = Record<string, string | File | (string | File)[]>;
const text = (body: Body, name: string, max = 300) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, max) : '');

export interface FormImages {
  rows: ImageRow[];
  /** form field → message */
  errors: Record<string, string>;
}

/**
 * Reads the image part of the admin project form: the rows shown (alt, caption, place, remove,
 * which is the cover) in the order of their places, then up to UPLOAD_ROWS new files, each
 * needing its alt text; the cover then goes first. New files are
 * checked and stored at once, so they stay on the form even if another field is wrong.
 */
export async function readFormImages(body: Body, current: readonly ProjectImage[], deps: { media: MediaStore; nowMs: number; limits?: ImageLimits }): Promise<FormImages> {
  const known = new Map(imageRows(current).map((row) => [row.key, row]));
  const kept: { row: ImageRow; place: number; i: number }[] = [];
  const errors: Record<string, string> = {};
  for (let i = 0; i < MAX_IMAGES; i += 1) {
    const key = text(body, `image_${i}_key`, 80);
    if (!key) continue;
    if (body[`image_${i}_remove`] === '1') continue;
    let base = known.get(key);
    if (!base && key.startsWith('m:')) {
      const info = await deps.media.get(key.slice(2));
      if (info) base = imageRows([imageFromMedia(info, '', null)])[0]!;
    }
    if (!base) continue;
    // Its place in the gallery as typed (a blank or odd one keeps the row where it was).
    const place = Number.parseInt(text(body, `image_${i}_place`, 8), 10);
    kept.push({ row: { ...base, alt: text(body, `image_${i}_alt`), caption: text(body, `image_${i}_caption`) }, place: Number.isFinite(place) ? place : i + 1, i });
  }
  const rows = kept.sort((a, b) => a.place - b.place || a.i - b.i).map((k) => k.row);
  for (let j = 1; j <= UPLOAD_ROWS; j += 1) {
    const file = body[`upload_${j}_file`];
    if (!(file instanceof File) || file.size === 0) continue;
    const alt = text(body, `upload_${j}_alt`).trim();
    if (!alt) {
      errors[`upload_${j}_alt`] = 'is required: describe the image for people who cannot see it (and choose the file again)';
      continue;
    }
    try {
      const info = await deps.media.put(await processImage(new Uint8Array(await file.arrayBuffer()), deps.limits), deps.nowMs);
      rows.push({ ...imageRows([imageFromMedia(info, alt, null)])[0]!, caption: text(body, `upload_${j}_caption`) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors[`upload_${j}_file`] = `${file.name.slice(0, 80) || 'the file'}: ${error.errors?.[0]?.message ?? error.message}`;
    }
  }
  const cover = text(body, 'cover', 80);
  const at = rows.findIndex((r) => r.key === cover);
  if (at > 0) rows.unshift(...rows.splice(at, 1));
  return { rows, errors };
}

/** The rows as the project's `images` for the editor. */
export function imageInputsOf(rows: readonly ImageRow[], current: readonly ProjectImage[]): ImageInput[] {
  return rows.map((row) => {
    const caption = row.caption.trim() === '' ? null : row.caption;
    if (row.key.startsWith('m:')) return { media: row.key.slice(2), alt: row.alt, caption };
    const base = current[Number(row.key.slice(2))]!;
    return { ...imageInputOf(base), alt: row.alt, caption };
  });
}
