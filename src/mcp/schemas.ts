import { z } from 'zod';
import { FacetsSchema, ProjectSchema } from '../catalog/schemas.js';
import { inquirySchema } from '../inquiries/schemas.js';
import { withAnyOfNullables } from './nullable-any-of.js';
import { StudioSchema } from '../studio/schemas.js';

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

/** What tools/list shows for search_projects and get_project: nullable fields as `anyOf` (nullable-any-of.ts). */
export const ProjectPageOutput = withAnyOfNullables(ProjectPageSchema);
export const ProjectOutput = withAnyOfNullables(ProjectSchema);
export const StudioOutput = withAnyOfNullables(StudioSchema);

export { FacetsSchema, ProjectSchema };

/** The inquiry representation (src/inquiries/schemas.ts), trimmed to what an agent acts on. */
export const InquiryReceiptSchema = inquirySchema.pick({ id: true, status: true, created_at: true, sandbox: true }).extend({
  replayed: z.boolean().describe('true when this repeats the result of an earlier call with the same idempotency_key; no second inquiry was created.'),
});
