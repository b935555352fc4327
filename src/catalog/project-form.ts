import type { FieldError } from '../lib/errors.js';
import type { RevisedProject } from '../store/ports/index.js';
import { editableFields } from './editor.js';
import { TERM_PATTERN } from './project.js';
import { imageInputsOf, imageRows, type ImageRow } from './project-form-images.js';

/** The admin project form as typed: term lists comma-separated, checkboxes as booleans. */
export interface ProjectFormInput {
  slug: string;
  title: string;
  summary: string;
  description: string;
  client: string;
  industry: string;
  services: string;
  technologies: string;
  tags: string;
  year: string;
  url: string;
  featured: boolean;
  published: boolean;
  /** the images shown, cover first */
  images: ImageRow[];
}

/**
 * A term as an owner types it, as the catalog keeps it: `Public Sector` → `public-sector`,
 * `Öffentlich` → `offentlich` (accents dropped, NFKD), `React Native` → `react-native`. What has
 * no such form (`設計`) is left as typed, for the validator to refuse next to its field.
 */
export function termOf(typed: string): string {
  const term = folded(typed)
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-{2,}/g, '-');
  return TERM_PATTERN.test(term) ? term : typed.trim();
}

/** Lower case without accents (NFKD, combining marks dropped): what terms and slugs are made from. */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** A slug from a title, for a new project whose slug field was left empty; '' when none can be made. */
export function slugOf(title: string): string {
  return folded(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

const terms = (text: string) =>
  text
    .split(',')
    .map(termOf)
    .filter(Boolean);

/** The form as an edit for projectEditSchema; `current` keeps what the form does not show (images, the publication time). */
export function projectEditFromForm(form: ProjectFormInput, current: RevisedProject | null, nowIso: string): Record<string, unknown> {
  return {
    slug: current?.slug ?? (form.slug.trim() || slugOf(form.title)),
    title: form.title,
    summary: form.summary.replace(/\r\n?/g, '\n'),
    description: form.description.replace(/\r\n?/g, '\n'),
    client: form.client.trim() === '' ? null : form.client,
    industry: termOf(form.industry),
    services: terms(form.services),
    technologies: terms(form.technologies),
    tags: terms(form.tags),
    year: /^\d{1,4}$/.test(form.year.trim()) ? Number(form.year.trim()) : form.year,
    featured: form.featured,
    url: form.url.trim() === '' ? null : form.url.trim(),
    images: imageInputsOf(form.images, current?.images ?? []),
    published_at: form.published ? (current?.published_at ?? nowIso) : null,
  };
}

export function projectFormValues(p: RevisedProject): ProjectFormInput {
  const f = editableFields(p);
  return {
    slug: f.slug,
    title: f.title,
    summary: f.summary,
    description: f.description,
    client: f.client ?? '',
    industry: f.industry,
    services: f.services.join(', '),
    technologies: f.technologies.join(', '),
    tags: f.tags.join(', '),
    year: String(f.year),
    url: f.url ?? '',
    featured: f.featured,
    published: f.published_at !== null,
    images: imageRows(p.images),
  };
}

/** Validation errors per form field: `services.2` is the services field. */
export function projectFormErrors(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const [field, index, sub] = e.path.split('.');
    if (field === 'images' && index !== undefined && /^\d+$/.test(index)) {
      // images.2.alt is the alt text field of the third row
      const name = `image_${index}_${sub === 'caption' ? 'caption' : 'alt'}`;
      out[name] ??= e.message;
      continue;
    }
    if (!field || out[field]) continue;
    out[field] = index !== undefined && /^\d+$/.test(index) ? `term ${Number(index) + 1}: ${e.message}` : e.message;
  }
  return out;
}

/** The form's fields that a conflict may show a saved value under (the images are listed apart). */
export type ComparedField = Exclude<keyof ProjectFormInput, 'images'>;

/**
 * Where the saved project differs from a form that was based on an older version of it: each
 * such field's saved value, as the form would show it (a checkbox as 'on' or 'off'). Spaces
 * around a value and a browser's CRLF line ends are not differences. Shown under each field after
 * a conflict, so an owner sees what someone else saved before saving over it.
 */
export function savedDifferences(form: ProjectFormInput, saved: ProjectFormInput): Partial<Record<ComparedField, string>> {
  const seen = (text: string) => text.replace(/\r\n/g, '\n').trim();
  const differences: Partial<Record<ComparedField, string>> = {};
  for (const key of Object.keys(saved) as (keyof ProjectFormInput)[]) {
    if (key === 'images') continue;
    const [mine, theirs] = [form[key], saved[key]];
    if (typeof theirs === 'boolean') {
      if (mine !== theirs) differences[key] = theirs ? 'on' : 'off';
    } else if (seen(String(mine)) !== seen(theirs)) differences[key] = theirs;
  }
  return differences;
}
