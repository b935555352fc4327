import type { FieldError } from '../lib/errors.js';
import type { InquiryErrors, InquiryField, InquiryValues } from './inquiry-form.js';

/** The inquiry as the service reads it (docs/design.md §2), from the form's fields. */
export function inquiryInput(values: InquiryValues): Record<string, unknown> {
  return {
    name: values.name,
    email: values.email,
    company: values.company,
    message: values.message,
    project_slugs: values.project ? [values.project] : [],
    budget: values.budget,
    timeline: values.timeline,
  };
}

const FIELD_BY_PATH: Record<string, InquiryField> = { name: 'name', email: 'email', company: 'company', message: 'message', budget: 'budget', timeline: 'timeline' };

/** The service's `errors[].path` (`project_slugs[0]`, `email`, …) mapped onto the form's fields. */
export function formErrors(errors: readonly FieldError[]): InquiryErrors {
  const out: InquiryErrors = {};
  for (const error of errors) {
    const root = error.path.split(/[.[]/)[0] ?? '';
    const field: InquiryField | 'form' = root === 'project_slugs' ? 'project' : (FIELD_BY_PATH[root] ?? 'form');
    out[field] ??= field === 'form' ? error.message : fieldMessage(field, error.message);
  }
  return out;
}

const NOUNS: Record<InquiryField, string> = { name: 'Name', email: 'Email address', company: 'Company', project: 'Project', budget: 'Budget', timeline: 'Timeline', message: 'Message' };

/**
 * The service's phrase (src/lib/issue-messages.ts) as a sentence that names the field and says
 * what to do: "is required" → "Enter your email address.", "must be at least 10 characters" →
 * "Message must be at least 10 characters."
 */
function fieldMessage(field: InquiryField, message: string): string {
  if (field === 'project') return 'Choose a project from the list.';
  if (message === 'is required') return `Enter your ${NOUNS[field].toLowerCase()}.`;
  if (message.startsWith('must be an email address')) return 'Enter an email address like name@example.com.';
  return `${NOUNS[field]} ${message.replace(/[.!?]$/, '')}.`;
}
