import { z } from '@hono/zod-openapi';
import * as catalog from '../../catalog/schemas.js';

/** Wire schemas shared by routes and the OpenAPI document (components). */

export const ProblemSchema = z
  .object({
    type: z.string().url(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    error: z.string().openapi({ description: 'Stable machine-readable error code.' }),
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

export const problemContent = { 'application/problem+json': { schema: ProblemSchema } };

export function problemResponse(description: string) {
  return { description, content: problemContent };
}

export const InquiryRequestSchema = z
  .object({
    name: z.string().min(1).max(200).openapi({ example: 'Ada Lovelace' }),
    email: z.string().email().max(254).openapi({ example: 'ada@example.com' }),
    company: z.string().max(200).nullable().optional(),
    message: z.string().min(10).max(5000).openapi({ example: 'We would like a booking platform like the one you built for Atlas.' }),
    project_slugs: z.array(z.string()).max(20).optional().openapi({ description: 'Catalog slugs the inquiry is about; an unknown slug is a 422.' }),
    budget: z.string().max(200).nullable().optional(),
    timeline: z.string().max(200).nullable().optional(),
  })
  .strict()
  .openapi('InquiryRequest', { description: 'A new inquiry. Unknown fields are rejected.' });

export const InquirySchema = z
  .object({
    id: z.string().openapi({ example: 'inq_q1Xc0P-pcBVzYYf' }),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    message: z.string(),
    project_slugs: z.array(z.string()),
    budget: z.string().nullable(),
    timeline: z.string().nullable(),
    source: z.enum(['api', 'mcp', 'web']),
    client_id: z.string().nullable().openapi({ description: 'The client the bearer belonged to; null for anonymous inquiries.' }),
    created_at: z.string().datetime(),
  })
  .openapi('Inquiry', { description: 'An inquiry as stored; readable only by the client that submitted it.' });

export const InquiryReceiptSchema = InquirySchema.extend({
  status: z.literal('received'),
  sandbox: z.boolean().openapi({ description: 'true for sandbox writes, which are validated and answered but never stored.' }),
  links: z.object({ self: z.string().url() }).optional().openapi({ description: 'Where the submitting client can read the inquiry back; absent on sandbox receipts, which store nothing.' }),
}).openapi('InquiryReceipt', { description: 'The answer to a submitted inquiry (201, with `Location`).' });
