import type { FC } from 'hono/jsx';
import { Flash } from '../flash.js';
import type { InboxEntry } from '../../inbox/inbox.js';
import { describeSender } from '../../inbox/sender.js';
import { INQUIRY_STATUSES, OPEN_STATUSES, type InquiryStatus, type InquiryStatusFilter } from '../../model/inquiry.js';
import { humanTime } from '../../lib/human-time.js';
import { AdminLayout, Pager, type AdminFrame } from './admin-layout.js';

/** How an inquiry came in, in the list's few words (the inquiry page says it in full). */
const CHANNELS = { web: 'Form', api: 'REST', mcp: 'MCP' } as const;

export const STATUS_LABELS: Record<InquiryStatus, string> = { new: 'New', read: 'Read', replied: 'Replied', archived: 'Archived', spam: 'Spam' };

export interface InboxView extends AdminFrame {
  items: InboxEntry[];
  counts: Record<InquiryStatus, number>;
  /** the view: one status, `open` (the default) or undefined for all */
  status: InquiryStatusFilter | undefined;
  text: string;
  nextCursor: string | null;
  /** set when the page follows a cursor */
  continued: boolean;
  notice?: string | undefined;
}

/** `?status=…&q=…` of the current filters, plus `extra`; the open view is the one without `status`. */
export function inboxQuery(status: InquiryStatusFilter | undefined, text: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (status !== 'open') params.set('status', status ?? 'all');
  if (text) params.set('q', text);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const query = params.toString();
  return query ? `?${query}` : '';
}


/** What an empty status tab says when nothing is searched. */
const EMPTY_TAB: Record<InquiryStatus, string> = {
  new: 'No new inquiries: every one has been opened.',
  read: 'No inquiry is marked read.',
  replied: 'No inquiry is marked replied.',
  archived: 'Nothing is archived.',
  spam: 'Nothing is marked spam.',
};

/** What an empty inbox view says: a search found nothing, a tab holds nothing, or nothing came yet. */
export function emptyInboxText(text: string, status: InquiryStatusFilter | undefined, total: number): string {
  if (text) return 'No inquiry matches.';
  if (total === 0) return 'No inquiries yet. They arrive here (and by email, when mail is set up) the moment someone sends one.';
  if (status !== 'open' && status !== undefined) return EMPTY_TAB[status];
  return 'Nothing open: every inquiry is archived or marked spam (see their tabs, or All).';
}

export const InboxPage: FC<InboxView> = (view) => {
  const { items, counts, status, text, nextCursor, continued, notice } = view;
  const timeZone = view.site.studio.profile.time_zone;
  const total = INQUIRY_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const open = OPEN_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const tab = (view: InquiryStatusFilter | undefined, label: string, count: number) => (
    <li>
      <a href={`/admin${inboxQuery(view, text)}`} aria-current={status === view ? 'page' : undefined}>
        {label} <span class="count">{count}</span>
      </a>
    </li>
  );
  return (
    <AdminLayout {...view} current="inbox" title="Inbox">
      <div class="section-head">
        <h1>Inbox</h1>
        <p>
          Export this list: <a href={`/admin/export.csv${inboxQuery(status, text)}`}>CSV</a> · <a href={`/admin/export.json${inboxQuery(status, text)}`}>JSON</a>
        </p>
      </div>
      <Flash notice={notice} />
      <nav class="status-tabs" aria-label="By status">
        <ul>
          {tab('open', 'Open', open)}
          {INQUIRY_STATUSES.map((s) => tab(s, STATUS_LABELS[s], counts[s]))}
          {tab(undefined, 'All', total)}
        </ul>
      </nav>
      <form class="search" method="get" action="/admin" role="search">
        <label for="q">Find inquiries by name, email, company, message or reference</label>
        {status !== 'open' ? <input type="hidden" name="status" value={status ?? 'all'} /> : null}
        <input id="q" name="q" type="search" value={text} maxlength={200} />
        <button class="button" type="submit">
          Find
        </button>
      </form>
      {items.length === 0 ? (
        <p class="empty">{emptyInboxText(text, status, total)}</p>
      ) : (
        <table class="inbox">
          <caption class="visually-hidden">{`Inquiries, newest first${continued ? ' (continued)' : ''}`}</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Message</th>
              <th scope="col">Received</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr class={item.status === 'new' ? 'unread' : undefined}>
                <td>
                  <a href={`/admin/inquiries/${item.id}${inboxQuery(status, text)}`} dir="auto">{item.name}</a>
                  {item.company ? <span class="sub" dir="auto">{item.company}</span> : null}
                  <span class="sub">
                    {CHANNELS[item.source]} · {describeSender(item.sender)}
                  </span>
                </td>
                <td>
                  <span class="excerpt" dir="auto">{item.message.length > 140 ? `${item.message.slice(0, 139)}…` : item.message}</span>
                  {item.projects.length > 0 ? <span class="sub">About {item.projects.map((p) => p.title).join(', ')}</span> : null}
                </td>
                <td>
                  <time datetime={item.created_at}>{humanTime(item.created_at, timeZone)}</time>
                </td>
                <td>
                  <span class={`status status-${item.status}`}>{STATUS_LABELS[item.status]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager what="inquiries" newest={continued ? `/admin${inboxQuery(status, text)}` : undefined} older={nextCursor ? `/admin${inboxQuery(status, text, { cursor: nextCursor })}` : undefined} />
    </AdminLayout>
  );
};
