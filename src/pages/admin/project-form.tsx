import type { FC } from 'hono/jsx';
import { ErrorSummary, Flash } from '../flash.js';
import type { ImageRow } from '../../catalog/project-form-images.js';
import type { ComparedField } from '../../catalog/project-form.js';
import { fieldSentence } from '../field-message.js';
import { AdminLayout, CsrfField, type AdminFrame } from './admin-layout.js';
import { ProjectImageFields } from './project-image-fields.js';

export const PROJECT_FORM_FIELDS = ['slug', 'title', 'summary', 'description', 'client', 'industry', 'services', 'technologies', 'tags', 'year', 'url'] as const;
export type ProjectFormField = (typeof PROJECT_FORM_FIELDS)[number];
export type ProjectFormValues = Record<ProjectFormField, string> & { featured: boolean; published: boolean; images: ImageRow[] };
/** By field id: the fields above, `images`, and each image row's `image_<i>_alt` / `upload_<j>_file`… */
export type ProjectFormErrors = Partial<Record<ProjectFormField | 'featured' | 'published_at', string>> & Record<string, string | undefined>;

export interface ProjectFormView extends AdminFrame {
  /** null for a new project */
  editing: { slug: string; etag: string } | null;
  values: ProjectFormValues;
  errors: ProjectFormErrors;
  notice?: string | undefined;
  /** UPLOAD_LIMIT_BYTES: what the form may send in all, files included (its hint says so) */
  uploadLimitBytes: number;
  /** after a conflict: the saved version's value of each field where it differs from this form */
  saved?: Partial<Record<ComparedField, string>> | undefined;
}

const LABELS: Record<ProjectFormField, [string, string?]> = {
  slug: ['Slug', 'Lowercase words joined by hyphens; the page is /projects/<slug>. Left empty, it is made from the title. It cannot change later.'],
  title: ['Title'],
  summary: ['Summary', 'One or two sentences, at most 280 characters.'],
  description: ['Description', 'Markdown.'],
  client: ['Client', 'Leave empty when confidential.'],
  industry: ['Industry', 'One term, e.g. Public sector (kept as public-sector).'],
  services: ['Services', 'Terms separated by commas, e.g. Product design, Web development.'],
  technologies: ['Technologies', 'Terms separated by commas.'],
  tags: ['Tags', 'Terms separated by commas; each is kept in lowercase, words joined by hyphens.'],
  year: ['Year'],
  url: ['Live URL', 'http(s) address of the live product, if public.'],
};

/** Fields a project may be saved without (the slug is then made from the title); the rest are marked required. */
const OPTIONAL: ReadonlySet<ProjectFormField> = new Set(['slug', 'description', 'client', 'services', 'technologies', 'tags', 'url']);

/** /admin/projects/new and /admin/projects/{slug}: one project's fields, errors next to each. */
export const ProjectFormPage: FC<ProjectFormView> = (view) => {
  const { editing, values, notice, csrfToken } = view;
  const saved = view.saved ?? {};
  const failed = Object.keys(view.errors).filter((k) => view.errors[k]);
  // Each error as the sentence both the summary and the line under its field show.
  const errors: ProjectFormErrors = Object.fromEntries(failed.map((k) => [k, fieldSentence(fieldName(k), view.errors[k]!)]));
  const title = editing ? `Edit ${values.title || editing.slug}` : 'New project';
  const field = (id: ProjectFormField) => {
    if (id === 'url') return [plainField(id), <ProjectImageFields images={values.images} errors={errors} uploadLimitBytes={view.uploadLimitBytes} />];
    return plainField(id);
  };
  const plainField = (id: ProjectFormField) => {
    if (id === 'slug' && editing) return null;
    const [label, hint] = LABELS[id];
    const describedBy = [hint ? `${id}-hint` : '', errors[id] ? `${id}-error` : '', saved[id] !== undefined ? `${id}-saved` : ''].filter(Boolean).join(' ') || undefined;
    const optional = OPTIONAL.has(id);
    // `required` tells assistive technology; the form's novalidate leaves the checking to the server.
    const common = { id, name: id, required: !optional, 'aria-invalid': errors[id] ? 'true' : undefined, 'aria-describedby': describedBy };
    return (
      <div class={errors[id] ? 'field has-error' : 'field'}>
        <label for={id}>
          {label}
          {optional ? <span class="optional"> (optional)</span> : null}
        </label>
        {hint ? (
          <span class="hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
        {id === 'description' ? (
          <textarea {...common} rows={10}>
            {values[id]}
          </textarea>
        ) : id === 'summary' ? (
          <textarea {...common} rows={3} maxlength={280}>
            {values[id]}
          </textarea>
        ) : (
          <input {...common} type={id === 'year' ? 'number' : id === 'url' ? 'url' : 'text'} value={values[id]} />
        )}
        {errors[id] ? (
          <p class="field-error" id={`${id}-error`}>
            <span class="visually-hidden">Error: </span>
            {errors[id]}
          </p>
        ) : null}
        <SavedValue id={id} value={saved[id]} />
      </div>
    );
  };
  return (
    <AdminLayout {...view} current="projects" title={failed.length > 0 ? `Error: ${title}` : title}>
      <p>
        <a href="/admin/projects">All projects</a>
      </p>
      <h1>{title}</h1>
      {editing ? (
        <p>
          <a href={`/admin/projects/${editing.slug}/preview`}>Preview the saved project as visitors will see it</a>
        </p>
      ) : null}
      <Flash notice={notice} />
      <ErrorSummary title="Please check the project" items={summaryOrder(failed).map((k) => ({ field: k === 'published_at' ? 'published' : k, text: errors[k] ?? '' }))} />
      <form class="form" method="post" action={editing ? `/admin/projects/${editing.slug}` : '/admin/projects/new'} enctype="multipart/form-data" novalidate>
        <CsrfField token={csrfToken} />
        {editing ? <input type="hidden" name="etag" value={editing.etag} /> : null}
        {PROJECT_FORM_FIELDS.map(field)}
        <div class="field">
          <label>
            <input id="featured" type="checkbox" name="featured" value="1" checked={values.featured} aria-describedby={saved.featured ? 'featured-saved' : undefined} /> Featured on the home page
          </label>
          <SavedValue id="featured" value={saved.featured && (saved.featured === 'on' ? 'featured' : 'not featured')} />
        </div>
        <div class="field">
          <label>
            <input id="published" type="checkbox" name="published" value="1" checked={values.published} aria-describedby={saved.published ? 'published-saved' : undefined} /> Published (visible to everyone)
          </label>
          <SavedValue id="published" value={saved.published && (saved.published === 'on' ? 'published' : 'a draft')} />
        </div>
        <button class="button" type="submit">
          {editing ? 'Save project' : 'Create project'}
        </button>
      </form>
    </AdminLayout>
  );
};

/** Under a field after a conflict: what the saved version holds there, which saving this form would replace. */
const SavedValue: FC<{ id: string; value: string | undefined }> = ({ id, value }) =>
  value === undefined ? null : (
    <p class="saved-value" id={`${id}-saved`}>
      Saved meanwhile: {value === '' ? <em>(empty)</em> : <span class="saved-text">{value}</span>}
    </p>
  );

/**
 * The field an error belongs to, as its label says it: its message names it (WCAG 2.2 SC 3.3.1,
 * an error identified in text), since a message alone ("must not be empty") names nothing.
 */
function fieldName(key: string): string {
  if (key in LABELS) return LABELS[key as ProjectFormField][0];
  const image = /^image_(\d+)_(alt|caption)$/.exec(key);
  if (image) return `Image ${Number(image[1]) + 1}: ${image[2] === 'alt' ? 'alternative text' : 'caption'}`;
  const upload = /^upload_(\d+)_(file|alt|caption)$/.exec(key);
  if (upload) return `New image ${upload[1]}${upload[2] === 'file' ? '' : upload[2] === 'alt' ? ': alternative text' : ': caption'}`;
  return { images: 'Images', featured: 'Featured', published_at: 'Published' }[key] ?? key;
}

/** Errors in the order of the form's fields (the images come after the live URL), as a reader meets them. */
function summaryOrder(keys: string[]): string[] {
  const url = PROJECT_FORM_FIELDS.indexOf('url');
  const rank = (key: string) => {
    const at = PROJECT_FORM_FIELDS.indexOf(key as ProjectFormField);
    if (at >= 0) return at;
    return key === 'images' || /^(?:image|upload)_/.test(key) ? url + 0.5 : PROJECT_FORM_FIELDS.length;
  };
  return [...keys].sort((a, b) => rank(a) - rank(b));
}
