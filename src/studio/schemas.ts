import { z } from 'zod';
import type { ApiStudio } from './api-studio.js';

/** The wire shape of the studio, defined once for REST (OpenAPI component) and MCP (get_studio outputSchema). */
export const StudioSchema = z.object({
  name: z.string(),
  tagline: z.string().describe('One line: what the studio is.'),
  introduction: z.string().describe('Markdown.'),
  services: z.array(z.object({ name: z.string(), description: z.string() })).describe('What the studio offers, each with a one-line description.'),
  location: z.string().nullable(),
  contact_email: z.string().nullable(),
  links: z.array(z.object({ label: z.string(), url: z.string().url() })).describe('The studio elsewhere: website, LinkedIn, GitHub, …'),
  accent_color: z.string().describe('The brand colour as #rrggbb (WCAG AA contrast against the page background).'),
  reply_promise: z.string().describe('What the studio tells a sender about its reply, e.g. "We reply within two working days."; empty when it makes no promise.'),
  content_language: z.string().describe('The language the studio writes its profile and projects in (BCP 47, e.g. "de"); empty: English.'),
  logo: z.object({ url: z.string().url(), content_type: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  url: z.string().url().describe('The studio\'s site for people.'),
  inquiries: z.string().url().describe('Where people start an inquiry; agents POST to /api/v1/inquiries or call submit_inquiry.'),
  updated_at: z.string().datetime().nullable(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const studioMatches: Same<z.infer<typeof StudioSchema>, ApiStudio> = true;
void studioMatches;
