import { raw } from 'hono/html';
import type { FC } from 'hono/jsx';
import type { ProjectChoice } from './project-choices.js';
import { ErrorSummary, Flash } from './flash.js';
import { Layout, replyLine, type Site } from './layout.js';

export const INQUIRY_FIELDS = ['name', 'email', 'company', 'project', 'budget', 'timeline', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type InquiryValues = Record<InquiryField, string>;
export type InquiryErrors = Partial<Record<InquiryField | 'form', string>>;

export const EMPTY_VALUES: InquiryValues = { name: '', email: '', company: '', project: '', budget: '', timeline: '', message: '' };

export interface InquiryFormView {
  site: Site;
  values: InquiryValues;
  errors: InquiryErrors;
  /** the project <option>s, the chosen one selected (pages/project-choices.ts) */
  choices: { html: string; selected: ProjectChoice | null };
  token: string;
  /**
   * Why the form came back unsent though no field is wrong (an expired or unverifiable form, one
   * changed after it was sent): an error like the summary, which takes focus and marks the title.
   */
  refusal?: string | undefined;
}

const LABELS: Record<InquiryField, string> = {
  name: 'Your name',
  email: 'Email address',
  company: 'Company or organisation',
  project: 'Which of our projects is this about?',
  budget: 'Budget',
  timeline: 'Timeline',
  message: 'Tell us about your project',
};

/** aria wiring shared by every control: the hint and the error are announced with the label. */
function describedBy(field: InquiryField, errors: InquiryErrors, hint: boolean): string | undefined {
  const ids = [hint ? `${field}-hint` : null, errors[field] ? `${field}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

const Field: FC<{ field: InquiryField; errors: InquiryErrors; optional?: boolean; hint?: string; children?: unknown }> = ({ field, errors, optional, hint, children }) => (
  <div class={errors[field] ? 'field has-error' : 'field'}>
    <label for={field}>
      {LABELS[field]}
      {optional ? <span class="optional"> (optional)</span> : null}
    </label>
    {hint ? (
      <span class="hint" id={`${field}-hint`}>
        {hint}
      </span>
    ) : null}
    {children as never}
    {errors[field] ? (
      <p class="field-error" id={`${field}-error`}>
        <span class="visually-hidden">Error: </span>
        {errors[field]}
      </p>
    ) : null}
  </div>
);

// Fetch §3.1: under the site-wide `Referrer-Policy: no-referrer` a browser sends `Origin: null` on a
// POST; same-origin lets the form's submission name its real origin for the CSRF check.
export const InquiryFormPage: FC<InquiryFormView> = ({ site, values, errors, choices, token, refusal }) => {
  const fieldErrors = INQUIRY_FIELDS.filter((f) => errors[f]);
  const invalid = (f: InquiryField) => (errors[f] ? 'true' : undefined);
  const selected = choices.selected;
  return (
    <Layout site={site} title={`${fieldErrors.length > 0 || refusal ? 'Error: ' : ''}Start an inquiry — ${site.name}`} description="Tell us about your project." current="inquire" head={<meta name="referrer" content="same-origin" />}>
      <div class="wrap form-page">
        <div>
          <h1>Start a project with {site.name}</h1>
          <p class="lead">{selected ? `Interested in something like ${selected.title}? Tell us what you have in mind.` : 'Tell us what you are planning. A real person reads every message.'}</p>
          <ErrorSummary title="Please check the form" items={[...(errors.form ? [{ text: errors.form }] : []), ...fieldErrors.map((f) => ({ field: f, text: `${LABELS[f]}: ${errors[f] ?? ''}` }))]} />
          <Flash error={refusal} />
          <form class="form" method="post" action="/inquire" novalidate>
            <input type="hidden" name="form_token" value={token} />
            <div class="field-row">
              <Field field="name" errors={errors}>
                <input id="name" name="name" type="text" dir="auto" autocomplete="name" required maxlength={200} value={values.name} aria-invalid={invalid('name')} aria-describedby={describedBy('name', errors, false)} />
              </Field>
              <Field field="email" errors={errors} hint="We only use it to reply.">
                <input id="email" name="email" type="email" autocomplete="email" required maxlength={254} value={values.email} aria-invalid={invalid('email')} aria-describedby={describedBy('email', errors, true)} />
              </Field>
            </div>
            <Field field="company" errors={errors} optional>
              <input id="company" name="company" type="text" dir="auto" autocomplete="organization" maxlength={200} value={values.company} aria-invalid={invalid('company')} aria-describedby={describedBy('company', errors, false)} />
            </Field>
            <Field field="project" errors={errors} optional>
              <select id="project" name="project_slugs" aria-invalid={invalid('project')} aria-describedby={describedBy('project', errors, false)}>
                <option value="">None in particular — a new project</option>
                {raw(choices.html)}
              </select>
            </Field>
            <div class="field-row">
              <Field field="budget" errors={errors} optional hint="A range is fine, e.g. €40–60k.">
                <input id="budget" name="budget" type="text" dir="auto" maxlength={200} value={values.budget} aria-invalid={invalid('budget')} aria-describedby={describedBy('budget', errors, true)} />
              </Field>
              <Field field="timeline" errors={errors} optional hint="e.g. launch before September.">
                <input id="timeline" name="timeline" type="text" dir="auto" maxlength={200} value={values.timeline} aria-invalid={invalid('timeline')} aria-describedby={describedBy('timeline', errors, true)} />
              </Field>
            </div>
            <Field field="message" errors={errors} hint="Between 10 and 5,000 characters: goals, audience, constraints.">
              <textarea id="message" name="message" dir="auto" rows={8} required minlength={10} maxlength={5000} aria-invalid={invalid('message')} aria-describedby={describedBy('message', errors, true)}>
                {values.message}
              </textarea>
            </Field>
            <button class="button" type="submit">
              Send inquiry
            </button>
          </form>
        </div>
        <aside class="aside-note" aria-labelledby="next-title">
          <h2 id="next-title">What happens next</h2>
          <p>{replyLine(site)}</p>
          <p>Your details are used only to answer this inquiry.</p>
          <p>
            Building an agent? Send the same inquiry through the <a href="/openapi.json">REST API</a> or <a href="/llms.txt">MCP</a>.
          </p>
        </aside>
      </div>
    </Layout>
  );
};

export const ThanksPage: FC<{ site: Site; reference: string | null }> = ({ site, reference }) => (
  <Layout site={site} title={`Thank you — ${site.name}`} current="inquire" within>
    <div class="wrap thanks">
      <p class="eyebrow">Inquiry received</p>
      <h1>Thank you — we have your message.</h1>
      {reference ? (
        <p>
          Your reference is <span class="ref">{reference}</span>. Quote it if you write to us about this inquiry.
        </p>
      ) : null}
      <p>{replyLine(site)} In the meantime, have a look at more of our work.</p>
      <a class="button" href="/">
        Back to the work
      </a>
    </div>
  </Layout>
);
