import { z } from 'zod';
import { INQUIRY_STATUSES } from '../model/inquiry.js';

/** The admin API's inquiry: what the inbox shows, defined once (REST documents and checks it). */
export const senderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('anonymous') }),
  z.object({ kind: z.literal('oauth_client'), client_id: z.string(), client_name: z.string().nullable() }),
  z.object({ kind: z.literal('api_key'), client_id: z.string(), client_name: z.string().nullable() }),
  z.object({ kind: z.literal('verified_email'), email: z.string(), client_id: z.string() }),
  z.object({ kind: z.literal('id_jag'), issuer: z.string(), subject: z.string(), client_id: z.string() }),
]);

export const adminInquirySchema = z.object({
  id: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  status_changed_at: z.string().datetime().nullable(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  project_slugs: z.array(z.string()),
  projects: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string().url() })).describe('The named projects that are still published.'),
  budget: z.string().nullable(),
  timeline: z.string().nullable(),
  source: z.enum(['api', 'mcp', 'web']),
  client_id: z.string().nullable(),
  sender: senderSchema.describe('Who sent it, as the bearer on the request proved it.'),
  created_at: z.string().datetime(),
  links: z.object({ self: z.string().url(), inbox: z.string().url() }),
});

export type AdminInquiry = z.infer<typeof adminInquirySchema>;

export const statusChangeSchema = z.object({ status: z.enum(INQUIRY_STATUSES) }).strict();
