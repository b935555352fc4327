import { z } from 'zod';
import type { ImportedProject } from '../model/project.js';

export type { ProjectImage, ProjectRecord } from '../model/project.js';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A filter term (industry, service, technology, tag) as the catalog keeps it. */
export const TERM_PATTERN = /^[a-z0-9][a-z0-9.+#-]*$/;
const term = z.string().trim().min(1).max(60).regex(TERM_PATTERN, 'must be lowercase letters, digits, and . + # -');
/** A list of terms, each kept once in its first place: `React, react` in the form is one technology, one filter chip. */
const terms = (max: number) =>
  z
    .array(term)
    .max(max)
    .transform((list) => [...new Set(list)])
    .default([]);
/** A cover and a gallery of up to 12. */
export const MAX_IMAGES = 13;

/**
 * One image of a project as written: a stored image by `media` id, or `url` with its size (an
 * image elsewhere, or a `data:` URL / a file beside the catalog, which is stored on import).
 * What the API adds (`variants`, `placeholder`, `media: null` for an image that was not uploaded)
 * may be sent back unchanged: a GET's `images` PUT back as they are; the additions are recomputed.
 */
export const imageInputSchema = z
  .object({
    media: z
      .string()
      .regex(/^img_[A-Za-z0-9_-]{22}$/, 'must be an image id from the media upload, img_…')
      .nullish(),
    url: z.string().min(1).max(30_000_000).optional(),
    alt: z.string().trim().min(1, 'is required: describe the image for people who cannot see it').max(300),
    caption: z.string().trim().max(300).nullable().optional(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    variants: z.array(z.unknown()).optional(),
    placeholder: z.string().nullable().optional(),
  })
  .strict()
  .refine((i) => i.media != null || i.url !== undefined, { message: 'needs media (an uploaded image id) or url', path: ['media'] })
  .transform(({ media, placeholder: _p, ...rest }): ImageInput => (media == null ? rest : { ...rest, media }));
export interface ImageInput {
  media?: string;
  url?: string | undefined;
  alt: string;
  caption?: string | null | undefined;
  width?: number | undefined;
  height?: number | undefined;
  variants?: unknown[] | undefined;
}

const rfc3339 = z.string().datetime({ offset: true, message: 'must be an RFC 3339 timestamp' });

/** One record of an import file (`vitrine import`); ids and timestamps are optional. */
export const projectInputSchema = z
  .object({
    id: z.string().regex(/^prj_[A-Za-z0-9_-]{1,60}$/).optional(),
    slug: z.string().max(80).regex(SLUG_PATTERN, 'must be lowercase words joined by hyphens, e.g. harbour-ferry-app'),
    title: z.string().trim().min(1).max(200),
    summary: z.string().trim().min(1).max(280),
    description: z.string().max(20_000).default(''),
    client: z.string().trim().min(1).max(200).nullable().default(null),
    industry: term,
    services: terms(20),
    technologies: terms(40),
    tags: terms(20),
    year: z.number().int().min(1970).max(2100),
    featured: z.boolean().default(false),
    // Where a featured project stands in the owner's order (store/kysely/featured-order.ts);
    // exports write it for featured projects. An INTEGER column in both dialects.
    featured_rank: z.number().int().min(0).max(2_147_483_647).optional(),
    url: z.string().url().refine((u) => /^https?:/.test(u), 'must be an http(s) URL').nullable().default(null),
    images: z.array(imageInputSchema).max(MAX_IMAGES, `at most a cover and ${MAX_IMAGES - 1} gallery images`).default([]),
    published_at: rfc3339.nullable().default(null),
    created_at: rfc3339.optional(),
    updated_at: rfc3339.optional(),
  })
  .strict();

export type ProjectInput = z.infer<typeof projectInputSchema>;

// Compile-time guard: a validated import record is what the store writes.
const inputIsFields: Omit<ProjectInput, 'images'> extends Omit<ImportedProject, 'images'> ? true : false = true;
void inputIsFields;

export const catalogFileSchema = z.object({ studio: z.record(z.string(), z.unknown()).optional(), projects: z.array(z.unknown()) }).strict();
