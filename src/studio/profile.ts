import { z } from 'zod';
import { AA_NORMAL_TEXT, contrastRatio, formatRatio, HEX_COLOUR, PAGE_BACKGROUND } from './contrast.js';
import { timeZoneSchema } from './time-zone.js';

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .url('must be a URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

/** A BCP 47 tag in its canonical form (`DE-at` → `de-AT`), or undefined when it is none. */
function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The language the studio writes its profile and projects in (WCAG 2.2 SC 3.1.2, Language of
 * Parts): the pages around them are English, so studio-written text carries `lang` when it is
 * set. Empty: English, like the pages.
 */
export const contentLanguageSchema = z
  .string()
  .trim()
  .max(35)
  .default('')
  .transform((tag, ctx) => {
    if (tag === '') return '';
    const canonical = canonicalTag(tag);
    if (canonical === undefined) ctx.addIssue({ code: 'custom', message: 'must be a language tag such as de, fr-CA or pt-BR (BCP 47)' });
    return canonical ?? z.NEVER;
  });

/** An accent colour people can read: as link text on the page background, and behind white button text. */
export const accentColourSchema = z
  .string()
  .trim()
  .regex(HEX_COLOUR, 'must be a colour as #rrggbb')
  .transform((c) => c.toLowerCase())
  .superRefine((colour, ctx) => {
    const ratio = contrastRatio(colour, PAGE_BACKGROUND);
    // Against white (button text) the ratio is never lower: the page background is darker than white.
    if (ratio < AA_NORMAL_TEXT) {
      ctx.addIssue({
        code: 'custom',
        message: `contrast ${formatRatio(ratio)} against the page background ${PAGE_BACKGROUND} is below the ${AA_NORMAL_TEXT}:1 WCAG AA needs for text; choose a darker colour`,
      });
    }
  });

export const studioServiceSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(80),
    description: z.string().trim().max(200).default(''),
  })
  .strict();

export const studioLinkSchema = z
  .object({
    label: z.string().trim().min(1, 'is required').max(60),
    url: httpUrl,
  })
  .strict();

/** The studio profile as the owner edits it and the catalog file carries it (the logo travels beside it). */
export const studioProfileSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(100),
    tagline: z.string().trim().max(200).default(''),
    introduction: z.string().max(5000).default('').describe('Markdown.'),
    services: z.array(studioServiceSchema).max(20).default([]),
    location: z.string().trim().max(120).nullable().default(null),
    contact_email: z.string().trim().max(254).email('must be an email address').nullable().default(null),
    links: z.array(studioLinkSchema).max(12).default([]),
    accent_color: accentColourSchema.default('#9a3412'),
    /** what a sender is told about the reply; empty: only that the studio replies by email, no promise */
    reply_promise: z.string().trim().max(200).default(''),
    content_language: contentLanguageSchema,
    /** the owners' zone: times in the admin pages and notification mails; not in the public API */
    time_zone: timeZoneSchema,
  })
  .strict();

export type StudioProfile = z.infer<typeof studioProfileSchema>;
export type StudioProfileInput = z.input<typeof studioProfileSchema>;
