import { z } from 'zod';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** DESIGN.md §2 Inquiry: the fields a sender provides. Unknown fields are rejected, not ignored. */
export const inquiryInputSchema = z
  .object({
    name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    email: z.string({ error: 'is required' }).trim().max(254, 'must be at most 254 characters').email('must be an email address'),
    company: optionalText(200),
    message: z.string({ error: 'is required' }).trim().min(10, 'must be at least 10 characters').max(5000, 'must be at most 5000 characters'),
    project_slugs: z
      .array(z.string().min(1).max(80), { error: 'must be a list of project slugs' })
      .max(20, 'at most 20 projects')
      .default([])
      .transform((slugs) => [...new Set(slugs)]),
    budget: optionalText(200),
    timeline: optionalText(200),
  })
  .strict();

export type InquiryInput = z.infer<typeof inquiryInputSchema>;
