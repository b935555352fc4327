import { z } from 'zod';
import { isReplyAddress } from './reply-address.js';
import type { Inquiry } from './types.js';

/**
 * The inquiry contract, defined once: the service validates with `inquiryInputSchema`, REST
 * documents it as the request body, and the MCP tool's input is derived from it; `inquirySchema`
 * is the representation REST, MCP and the form's receipt all present.
 */

/** A required text field's type error: absent is "is required", any other type is named as such. */
const requiredText = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be text') };

/**
 * A one-line field holds no control characters: a line break in a name or a budget could forge
 * lines of the studio's plain-text notification ("From: …", a fake inbox link). Unicode's line
 * breaks count too (UAX #14 classes BK and NL: U+2028, U+2029, NEL U+0085), as do the other C1 controls.
 */
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
const ONE_LINE_MESSAGE = 'must be on one line';

/** Optional free text: absent, null and blank all mean none (null). */
const optionalText = (max: number, description: string) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(ONE_LINE, ONE_LINE_MESSAGE)
    .nullish()
    .describe(description)
    .transform((v) => (v ? v : null));

/** docs/design.md §2 Inquiry: the fields a sender provides. Unknown fields are rejected, not ignored. */
export const inquiryInputSchema = z
  .object({
    name: z.string(requiredText).trim().min(1, 'is required').max(200, 'must be at most 200 characters').regex(ONE_LINE, ONE_LINE_MESSAGE).describe('Who is asking: a person\'s name.'),
    email: z.string(requiredText).trim().min(1, { error: 'is required', abort: true }).max(254, 'must be at most 254 characters').refine(isReplyAddress, { error: 'must be an email address like name@example.com' }).meta({ format: 'email' }).describe('Where the studio should reply.'),
    company: optionalText(200, 'Organisation, if any.'),
    message: z.string(requiredText).trim().min(10, 'must be at least 10 characters').max(5000, 'must be at most 5000 characters').describe('What the inquiry is about, 10–5000 characters.'),
    project_slugs: z
      .array(z.string().min(1).max(80), { error: 'must be a list of project slugs' })
      .max(20, 'can have at most 20 projects')
      .default([])
      .transform((slugs) => [...new Set(slugs)])
      .describe('Slugs of catalog projects the inquiry refers to (a sandbox inquiry may also name the sandbox catalog\'s); an unknown slug is rejected.'),
    budget: optionalText(200, 'Free text, e.g. "20–40k EUR".'),
    timeline: optionalText(200, 'Free text, e.g. "launch by Q3".'),
  })
  .strict();

export type InquiryInput = z.infer<typeof inquiryInputSchema>;

export const inquirySchema = z.object({
  id: z.string().describe('The inquiry id (inq_…); a sandbox receipt names an inquiry that was not stored.'),
  status: z.literal('received'),
  sandbox: z.boolean().describe('true for sandbox submissions, which are validated and answered but never stored.'),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  project_slugs: z.array(z.string()),
  budget: z.string().nullable(),
  timeline: z.string().nullable(),
  source: z.enum(['api', 'mcp', 'web']).describe('How it was sent: REST, an MCP tool call or the HTML form.'),
  client_id: z.string().nullable().describe('The client the bearer belonged to; null for anonymous inquiries.'),
  created_at: z.string().datetime(),
});

// Compile-time guard: the schema describes exactly what the service returns.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inquiryMatches: Same<z.infer<typeof inquirySchema>, Inquiry> = true;
void inquiryMatches;
