import { z } from 'zod';
import type { ApiProject } from '../catalog/api-project.js';
import type { Facets } from '../store/ports.js';

/**
 * Output schemas of the MCP tools, built once at module load (converting them per request
 * costs measurable time). They describe exactly what the catalog service returns: the SDK
 * checks each `structuredContent` against them before it leaves the server.
 */

export const CompactProjectSchema = z.object({
  slug: z.string().describe('Pass to get_project for full details, or to submit_inquiry in project_slugs.'),
  title: z.string(),
  summary: z.string().describe('One or two sentences, at most 280 characters.'),
  tags: z.array(z.string()),
  year: z.number().int(),
  url: z.string().describe('The project\'s page in the catalog, for people.'),
});

export const ProjectPageSchema = z.object({
  projects: z.array(CompactProjectSchema),
  next_cursor: z.string().nullable().describe('Pass as cursor, with the same query and filters, for the next page; null on the last page.'),
});

const FacetCountSchema = z.object({ value: z.string(), count: z.number().int() });

export const FacetsSchema = z.object({
  tags: z.array(FacetCountSchema),
  industries: z.array(FacetCountSchema),
  services: z.array(FacetCountSchema),
  technologies: z.array(FacetCountSchema),
  years: z.array(FacetCountSchema),
});

export const ProjectSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string().describe('Markdown.'),
  client: z.string().nullable(),
  industry: z.string(),
  services: z.array(z.string()),
  technologies: z.array(z.string()),
  tags: z.array(z.string()),
  year: z.number().int(),
  featured: z.boolean(),
  url: z.string().nullable().describe('The live product, when public.'),
  images: z.array(z.object({ url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() })),
  links: z.object({ self: z.string().describe('REST resource.'), html: z.string().describe('Page for people.') }),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
});

export const InquiryReceiptSchema = z.object({
  id: z.string().describe('The inquiry id (inq_…); a sandbox receipt names an inquiry that was not stored.'),
  status: z.string().describe('"received" once accepted.'),
  created_at: z.string(),
  sandbox: z.boolean().describe('true when nothing was stored (sandbox: true was requested).'),
  replayed: z.boolean().describe('true when this repeats the result of an earlier call with the same idempotency_key; no second inquiry was created.'),
});

// Compile-time guard: the output schemas must describe the service's types exactly.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const projectMatches: Same<z.infer<typeof ProjectSchema>, ApiProject> = true;
const facetsMatch: Same<z.infer<typeof FacetsSchema>, Facets> = true;
void projectMatches;
void facetsMatch;
