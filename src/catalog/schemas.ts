import { z } from 'zod';
import type { CountedFacets } from '../store/ports/index.js';
import type { ApiProject } from './api-project.js';

/**
 * The wire shape of catalog resources, defined once: REST names them as OpenAPI components
 * (src/http/schemas.ts) and MCP uses them as tool output schemas (src/mcp/schemas.ts).
 */

export const ImageVariantSchema = z.object({
  url: z.string().url().describe('Content-hashed: cacheable forever.'),
  type: z.string().describe('image/avif, image/webp or image/jpeg.'),
  width: z.number().int(),
  height: z.number().int(),
});

export const ProjectImageSchema = z.object({
  url: z.string().url().describe('The image (for a stored image, its largest JPEG variant).'),
  alt: z.string().describe('Alternative text.'),
  caption: z.string().nullable().describe('Shown under the image, when set.'),
  width: z.number().int().describe('Intrinsic width of `url` in pixels.'),
  height: z.number().int().describe('Intrinsic height of `url` in pixels.'),
  media: z.string().nullable().describe('Id of the uploaded image (img_…), null for an image at an outside URL. The first image is the cover.'),
  placeholder: z.string().nullable().describe('A tiny blurred preview (data: URL of a WebP, a few hundred bytes) to show while the image loads; null for an image at an outside URL.'),
  variants: z.array(ImageVariantSchema).describe('The same image as AVIF, WebP and JPEG at a few widths, for srcset; empty for an image at an outside URL.'),
});

export const ProjectSchema = z.object({
  id: z.string().describe('Stable identifier, e.g. prj_8xK2mQ.'),
  slug: z.string().describe('Unique, URL-safe name, e.g. atlas-regional-trip-planner.'),
  title: z.string(),
  summary: z.string().max(280),
  description: z.string().describe('Markdown.'),
  client: z.string().nullable().describe('The client, or null when confidential.'),
  industry: z.string(),
  services: z.array(z.string()),
  technologies: z.array(z.string()),
  tags: z.array(z.string()),
  year: z.number().int(),
  featured: z.boolean(),
  url: z.string().url().nullable().describe('The live product, when public.'),
  images: z.array(ProjectImageSchema),
  links: z.object({ self: z.string().url().describe('REST resource.'), html: z.string().url().describe('Page for people.') }),
  created_at: z.string().datetime(),
  updated_at: z.string().datetime(),
  published_at: z.string().datetime().nullable(),
});

const FacetCountSchema = z.object({ value: z.string(), count: z.number().int() });

export const FacetsSchema = z.object({
  tags: z.array(FacetCountSchema),
  industries: z.array(FacetCountSchema),
  services: z.array(FacetCountSchema),
  technologies: z.array(FacetCountSchema),
  years: z.array(FacetCountSchema),
  total: z.number().int().describe('How many published projects these counts are over.'),
});

// Compile-time guard: the schemas describe exactly what the catalog service returns.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const projectMatches: Same<z.infer<typeof ProjectSchema>, ApiProject> = true;
const facetsMatch: Same<z.infer<typeof FacetsSchema>, CountedFacets> = true;
void projectMatches;
void facetsMatch;
