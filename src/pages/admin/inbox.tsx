import type { FC } from 'hono/jsx';
import { Flash } from '../flash.js';
import type { InboxEntry } from '../../inbox/inbox.js';
import { describeSender } from '../../inbox/sender.js';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../model/inquiry.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';

/** How an inquiry came in, in the list's few words (the inquiry page says it in full). */
const CHANNELS = { web: 'Form', api: 'REST', mcp: 'MCP' } as const;

export const STATUS_LABELS: Record<InquiryStatus, string> = { new: 'New', read: 'Read', replied: 'Replied', archived: 'Archived', spam: 'Spam' };

export interface InboxView extends AdminFrame {
  items: InboxEntry[];
  counts: Record<InquiryStatus, number>;
  status: InquiryStatus | undefined;
  text: string;
  nextCursor: string | null;
  /** set when the page follows a cursor */
  continued: boolean;
  notice?: string | undefined;
}

/** `?status=…&q=…` of the current filters, plus `extra`. */
export function inboxQuery(status: InquiryStatus | undefined, text: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (text) params.set('q', text);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const query = params.toString();
  return query ? `?${query}` : '';
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

export function when(rfc3339: string): string {
  return `${dateFormat.format(new Date(rfc3339))} UTC`;
}

export const InboxPage: FC<InboxView> = (view) => {
  const { items, counts, status, text, nextCursor, continued, notice } = view;
  const total = INQUIRY_STATUSES.reduce((sum, s) => sum + counts[s], 0);
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
          <li>
            <a href={`/admin${inboxQuery(undefined, text)}`} aria-current={status === undefined ? 'page' : undefined}>
              All <span class="count">{total}</span>
            </a>
          </li>
          {INQUIRY_STATUSES.map((s) => (
            <li>
              <a href={`/admin${inboxQuery(s, text)}`} aria-current={status === s ? 'page' : undefined}>
                {STATUS_LABELS[s]} <span class="count">{counts[s]}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form class="search" method="get" action="/admin" role="search">
        <label for="q">Find inquiries by name, email, company or message</label>
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <input id="q" name="q" type="search" value={text} maxlength={200} />
        <button class="button" type="submit">
          Find
        </button>
      </form>
      {items.length === 0 ? (
        <p class="empty">{text || status ? 'No inquiry matches.' : 'No inquiries yet. They arrive here (and by email, when mail is set up) the moment someone sends one.'}</p>
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
                  <a href={`/admin/inquiries/${item.id}`} dir="auto">{item.name}</a>
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
                  <time datetime={item.created_at}>{when(item.created_at)}</time>
                </td>
                <td>
                  <span class={`status status-${item.status}`}>{STATUS_LABELS[item.status]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextCursor ? (
        <p class="pager">
          <a class="button secondary" href={`/admin${inboxQuery(status, text, { cursor: nextCursor })}`}>
            Older inquiries
          </a>
        </p>
      ) : null}
    </AdminLayout>
  );
};
