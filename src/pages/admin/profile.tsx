import type { FC } from 'hono/jsx';
import { fieldSentence } from '../field-message.js';
import { ErrorSummary, Flash } from '../flash.js';
import type { ProfileFormValues } from '../../studio/profile-form.js';
import { suggestedTimeZones } from '../../studio/time-zone.js';
import { AdminLayout, CsrfField, type AdminFrame } from './admin-layout.js';

/** The form's fields in page order: every one of the studio's form values (studio/profile-form.ts). */
export const PROFILE_FIELDS = ['name', 'tagline', 'introduction', 'services', 'location', 'contact_email', 'links', 'reply_promise', 'content_language', 'time_zone', 'accent_color'] as const satisfies readonly (keyof ProfileFormValues)[];
export type ProfileErrors = Partial<Record<(typeof PROFILE_FIELDS)[number] | 'logo', string>>;

export interface ProfileView extends AdminFrame {
  values: ProfileFormValues;
  errors: ProfileErrors;
  logo: { path: string; width: number; height: number } | null;
  /** "Remove the logo" as sent with a refused form, so the choice is not lost */
  removeLogo?: boolean | undefined;
  notice?: string | undefined;
  /** the version of the saved profile this form edits (StudioService.version): a save based on another is refused */
  version: string;
  /** why the save was refused as stale */
  conflict?: string | undefined;
}

/** The zones the time-zone field suggests as people type (a datalist: no script). */
const TIME_ZONES = suggestedTimeZones();

const LABELS: Record<keyof ProfileErrors, string> = {
  name: 'Studio name',
  tagline: 'Tagline',
  introduction: 'Introduction',
  services: 'Services',
  location: 'Location',
  contact_email: 'Contact email',
  links: 'Links',
  accent_color: 'Accent colour',
  reply_promise: 'Reply promise',
  content_language: 'Language of your texts',
  time_zone: 'Your time zone',
  logo: 'Logo',
};

const Field: FC<{ id: keyof ProfileErrors; hint?: string; errors: ProfileErrors; optional?: boolean; children: unknown }> = ({ id, hint, errors, optional, children }) => (
  <div class={errors[id] ? 'field has-error' : 'field'}>
    <label for={id}>
      {LABELS[id]} {optional ? <span class="optional">(optional)</span> : null}
    </label>
    {hint ? (
      <span class="hint" id={`${id}-hint`}>
        {hint}
      </span>
    ) : null}
    {children as never}
    {errors[id] ? (
      <p class="field-error" id={`${id}-error`}>
        <span class="visually-hidden">Error: </span>
        {errors[id]}
      </p>
    ) : null}
  </div>
);

const describedBy = (id: keyof ProfileErrors, errors: ProfileErrors, hint = true) => [hint ? `${id}-hint` : '', errors[id] ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** /admin/profile: what the public site says about the studio, and its brand. */
export const ProfilePage: FC<ProfileView> = (view) => {
  const { values, logo, removeLogo, notice, conflict, version, csrfToken } = view;
  const failed = (Object.keys(view.errors) as (keyof ProfileErrors)[]).filter((k) => view.errors[k]);
  // Each error as the sentence both the summary and the line under its field show.
  const errors: ProfileErrors = Object.fromEntries(failed.map((k) => [k, fieldSentence(LABELS[k], view.errors[k]!)]));
  const input = (id: (typeof PROFILE_FIELDS)[number], attrs: Record<string, unknown> = {}, hint = false) => (
    <input id={id} name={id} type="text" value={values[id]} aria-invalid={errors[id] ? 'true' : undefined} aria-describedby={describedBy(id, errors, hint)} {...attrs} />
  );
  return (
    <AdminLayout {...view} current="profile" title={failed.length > 0 ? 'Error: studio profile' : 'Studio profile'}>
      <h1>Studio profile</h1>
      <p class="lead">What the site, its feeds and the API say about the studio: the header, home page, footer, page titles, /llms.txt and the MCP tool get_studio.</p>
      <Flash notice={notice} error={conflict} />
      <ErrorSummary title="Please check the profile" items={failed.map((k) => ({ field: k, text: errors[k] ?? '' }))} />
      <form class="form" method="post" action="/admin/profile" enctype="multipart/form-data" novalidate>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="version" value={version} />
        <Field id="name" errors={errors}>
          {input('name', { required: true, maxlength: 100 })}
        </Field>
        <Field id="tagline" hint="One line under the name, e.g. “Design and engineering for public services”." errors={errors} optional>
          {input('tagline', { maxlength: 200 }, true)}
        </Field>
        <Field id="introduction" hint="The home page’s introduction, in Markdown." errors={errors} optional>
          <textarea id="introduction" name="introduction" rows={6} maxlength={5000} aria-invalid={errors.introduction ? 'true' : undefined} aria-describedby={describedBy('introduction', errors)}>
            {values.introduction}
          </textarea>
        </Field>
        <Field id="services" hint="One per line: the service, a colon, then one line about it. E.g. “Product design: research, prototypes and design systems”." errors={errors} optional>
          <textarea id="services" name="services" rows={5} aria-invalid={errors.services ? 'true' : undefined} aria-describedby={describedBy('services', errors)}>
            {values.services}
          </textarea>
        </Field>
        <div class="field-row">
          <Field id="location" errors={errors} optional>
            {input('location', { maxlength: 120 })}
          </Field>
          <Field id="contact_email" errors={errors} optional>
            {input('contact_email', { type: 'email', maxlength: 254, autocomplete: 'email' })}
          </Field>
        </div>
        <Field id="links" hint="One per line: a label, a colon, then the address. E.g. “GitHub: https://github.com/studio”." errors={errors} optional>
          <textarea id="links" name="links" rows={4} aria-invalid={errors.links ? 'true' : undefined} aria-describedby={describedBy('links', errors)}>
            {values.links}
          </textarea>
        </Field>
        <Field id="reply_promise" hint="Shown on the inquiry form, its thank-you page and each project page, e.g. “We reply within two working days.” Leave empty to say only that you reply by email." errors={errors} optional>
          {input('reply_promise', { maxlength: 200 }, true)}
        </Field>
        <Field id="content_language" hint="The language you write your profile and projects in, as a tag: de, fr, es, pt-BR… Screen readers then read them in that language. Leave empty for English." errors={errors} optional>
          {input('content_language', { maxlength: 35, autocomplete: 'off' }, true)}
        </Field>
        <Field id="time_zone" hint="Where you read your inbox, as a name such as Europe/Berlin, America/New_York or Australia/Sydney: these admin pages and the emails about new inquiries give times in it. Only owners see it. Leave empty for UTC." errors={errors} optional>
          {input('time_zone', { maxlength: 64, autocomplete: 'off', spellcheck: 'false', list: 'time_zone-zones' }, true)}
          <datalist id="time_zone-zones">
            {TIME_ZONES.map((zone) => (
              <option value={zone} />
            ))}
          </datalist>
        </Field>
        <Field id="accent_color" hint="As #rrggbb. It must be dark enough to read on the page (WCAG AA, 4.5:1)." errors={errors}>
          {input('accent_color', { required: true, maxlength: 7, pattern: '#[0-9a-fA-F]{6}' }, true)}
        </Field>
        <Field id="logo" hint="SVG, PNG, JPEG, WebP, AVIF or GIF, at most 256 KiB. Leave empty to keep the current one." errors={errors} optional>
          {logo ? (
            <p>
              <img src={logo.path} alt="The current logo" width={logo.width} height={logo.height} class="brand-logo" />
            </p>
          ) : null}
          <input id="logo" name="logo" type="file" accept="image/svg+xml,image/png,image/jpeg,image/webp,image/avif,image/gif" aria-invalid={errors.logo ? 'true' : undefined} aria-describedby={describedBy('logo', errors)} />
        </Field>
        {logo ? (
          <div class="field">
            <label>
              <input type="checkbox" name="remove_logo" value="1" checked={removeLogo === true} /> Remove the logo
            </label>
          </div>
        ) : null}
        <button class="button" type="submit">
          Save profile
        </button>
      </form>
    </AdminLayout>
  );
};
