import type { FC } from 'hono/jsx';
import { Flash } from '../flash.js';
import { describeSender } from '../../inbox/sender.js';
import type { InboxEntry } from '../../inbox/inbox.js';
import { INQUIRY_STATUSES } from '../../model/inquiry.js';
import { AdminLayout, ConfirmForm, CsrfField, type AdminFrame } from './admin-layout.js';
import { humanTime } from '../../lib/human-time.js';
import { STATUS_LABELS } from './inbox.js';

export interface InquiryView extends AdminFrame {
  inquiry: InboxEntry;
  /** the query of the inbox view it was opened from (`?status=spam&q=…`, or empty for the open view) */
  back: string;
  notice?: string | undefined;
}

const SOURCES = { web: 'The inquiry form on the site', api: 'The REST API', mcp: 'An MCP agent (submit_inquiry)' } as const;

/** A `mailto:` answer with the subject and the quoted message filled in (RFC 6068); the time in the studio's zone, named. */
export function replyLink(inquiry: InboxEntry, siteName: string, timeZone: string): string {
  const quoted = inquiry.message.split('\n').map((line) => `> ${line}`).join('\n');
  const subject = `Re: your inquiry to ${siteName}`;
  const body = `Hello ${inquiry.name},\n\n\n\nOn ${humanTime(inquiry.created_at, timeZone)} you wrote:\n${quoted}\n`;
  return `mailto:${encodeURIComponent(inquiry.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const InquiryPage: FC<InquiryView> = (view) => {
  const { inquiry, notice, site, csrfToken, back } = view;
  const timeZone = site.studio.profile.time_zone;
  const named = new Set(inquiry.projects.map((p) => p.slug));
  const unpublished = inquiry.project_slugs.filter((slug) => !named.has(slug));
  return (
    <AdminLayout {...view} current="inbox" title={`Inquiry from ${inquiry.name}`}>
      <p class="crumbs">
        <a href={`/admin${back}`}>Inbox</a>
      </p>
      <div class="section-head">
        <h1 dir="auto">{inquiry.name}</h1>
        <p>
          <span class={`status status-${inquiry.status}`}>{STATUS_LABELS[inquiry.status]}</span>
        </p>
      </div>
      <Flash notice={notice} />
      <div class="project-grid">
        <div>
          <h2 class="visually-hidden">Message</h2>
          <blockquote class="message" dir="auto">{inquiry.message}</blockquote>
          <div class="actions">
            <a class="button" href={replyLink(inquiry, site.name, timeZone)}>
              Reply by email
            </a>
            <form method="post" action={`/admin/inquiries/${inquiry.id}/status${back}`} class="status-form">
              <CsrfField token={csrfToken} />
              <fieldset>
                <legend>Mark as</legend>
                {INQUIRY_STATUSES.filter((s) => s !== inquiry.status).map((s) => (
                  <button type="submit" name="status" value={s} class="button secondary small">
                    {STATUS_LABELS[s]}
                  </button>
                ))}
              </fieldset>
            </form>
            <a class="danger-link" href={`/admin/inquiries/${inquiry.id}/delete${back}`}>
              Delete for good…
            </a>
          </div>
        </div>
        <aside class="facts" aria-labelledby="facts-title">
          <h2 id="facts-title">Details</h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
            </dd>
            {inquiry.company ? (
              <>
                <dt>Company</dt>
                <dd dir="auto">{inquiry.company}</dd>
              </>
            ) : null}
            {inquiry.project_slugs.length > 0 ? (
              <>
                <dt>About</dt>
                <dd>
                  <ul class="plain">
                    {inquiry.projects.map((p) => (
                      <li>
                        <a href={p.url}>{p.title}</a>
                      </li>
                    ))}
                    {unpublished.map((slug) => (
                      <li>
                        {slug} <span class="sub">(no longer published)</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {inquiry.budget ? (
              <>
                <dt>Budget</dt>
                <dd>{inquiry.budget}</dd>
              </>
            ) : null}
            {inquiry.timeline ? (
              <>
                <dt>Timeline</dt>
                <dd>{inquiry.timeline}</dd>
              </>
            ) : null}
            <dt>Received</dt>
            <dd>
              <time datetime={inquiry.created_at}>{humanTime(inquiry.created_at, timeZone)}</time>
            </dd>
            <dt>Sent through</dt>
            <dd>{SOURCES[inquiry.source]}</dd>
            <dt>Sent by</dt>
            <dd>{describeSender(inquiry.sender)}</dd>
            <dt>Reference</dt>
            <dd>
              <code>{inquiry.id}</code>
            </dd>
          </dl>
        </aside>
      </div>
    </AdminLayout>
  );
};

export const ConfirmDeletePage: FC<InquiryView> = (view) => {
  const { inquiry, csrfToken, site, back } = view;
  return (
    <AdminLayout {...view} current="inbox" title="Delete an inquiry">
      <div class="narrow">
        <h1>Delete this inquiry for good?</h1>
        <p>
          The inquiry from <strong>{inquiry.name}</strong> ({inquiry.email}), received {humanTime(inquiry.created_at, site.studio.profile.time_zone)}, is removed with everything kept about it: its
          notifications not yet delivered and the record that answers retries of it. This cannot be undone.
        </p>
        <ConfirmForm action={`/admin/inquiries/${inquiry.id}/delete${back}`} csrfToken={csrfToken} label="Delete for good" keep={`/admin/inquiries/${inquiry.id}${back}`} />
      </div>
    </AdminLayout>
  );
};
