import { z } from '@hono/zod-openapi';
import * as catalog from '../../catalog/schemas.js';
import * as inquiries from '../../inquiries/schemas.js';
import { ERROR_CODES } from '../../lib/errors.js';

/** Wire schemas shared by routes and the OpenAPI document (components). */

export const ProblemSchema = z
  .object({
    type: z.string().url(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    error: z.string().openapi({ description: `Stable machine-readable error code: ${Object.values(ERROR_CODES).map((code) => `\`${code}\``).join(', ')}.` }),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .passthrough()
  .openapi('Problem', { description: 'RFC 9457 problem details.' });

export const ProjectImageSchema = catalog.ProjectImageSchema.openapi('ProjectImage', {
  description: 'An image of the project, with its alternative text and intrinsic size in pixels.',
});

export const ProjectSchema = catalog.ProjectSchema.extend({ images: z.array(ProjectImageSchema) }).openapi('Project', {
  description: 'A delivered project in the catalog.',
});

export const ProjectListSchema = z
  .object({
    data: z.array(ProjectSchema),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` to get the next page; null on the last page.' }),
  })
  .openapi('ProjectList', { description: 'One page of projects; follow `next_cursor` (or the `Link: rel="next"` header) for the next.' });

export const FacetsSchema = catalog.FacetsSchema.openapi('Facets', {
  description: 'How many published projects carry each tag, industry, service, technology and year: the valid filter values.',
});

/**
 * A whole number in a query string, written in decimal digits: `limit=1e1`, `+5` and `2024.0`
 * are refused, as any other malformed value is (z.coerce would take them).
 */
export const queryInteger = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v), z.number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a whole number in decimal digits' : undefined) }).int().min(min).max(max));

export const problemContent = { 'application/problem+json': { schema: ProblemSchema } };

export function problemResponse(description: string) {
  return { description, content: problemContent };
}

/** A 415 with the field naming what the operation takes (requests/accepted-types.ts): Accept-Post on a POST, Accept-Patch on a PATCH. */
export function unsupportedMediaTypeResponse(description: string, field: 'Accept-Post' | 'Accept-Patch') {
  return { ...problemResponse(description), headers: { [field]: { required: true, description: 'RFC 9110 §15.5.16: the media types this operation takes.', schema: { type: 'string' as const } } } };
}

export const InquiryRequestSchema = inquiries.inquiryInputSchema.openapi('InquiryRequest', {
  description: 'A new inquiry. Unknown fields are rejected.',
  example: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like a booking platform like the one you built for Atlas.', project_slugs: ['atlas-regional-trip-planner'] },
});

export const InquirySchema = inquiries.inquirySchema
  .extend({ links: z.object({ self: z.string().url() }).optional().openapi({ description: 'Where the submitting client can read the inquiry back; absent on sandbox receipts, which store nothing.' }) })
  .openapi('Inquiry', { description: 'An inquiry as received: the answer to POST (201, with `Location`) and to GET on that Location. Readable only by the client that submitted it.' });
