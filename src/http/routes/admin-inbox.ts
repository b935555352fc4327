import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { csvHeader, csvRow } from '../../inbox/csv.js';
import type { InboxFilter } from '../../inbox/inbox.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../model/inquiry.js';
import { inboxQuery, STATUS_LABELS } from '../../pages/admin/inbox.js';
import { renderConfirmDeletePage, renderInboxPage, renderInquiryPage } from '../../pages/admin/render.js';
import { frameOf, seeOther, sendAdminHtml, signedIn, signInFirst, type AdminDeps } from '../admin/context.js';
import type { AppEnv } from '../env.js';

const PAGE_SIZE = 25;
const ID = /^inq_[A-Za-z0-9_-]{1,64}$/;

function statusOf(value: string | undefined): InquiryStatus | undefined {
  return (INQUIRY_STATUSES as readonly string[]).includes(value ?? '') ? (value as InquiryStatus) : undefined;
}

/** The inbox's view: `?status=` one status or `all`; without it the open inquiries (not archived or spam). */
function filterOf(c: Context<AppEnv>): InboxFilter & { text: string } {
  const asked = c.req.query('status');
  return { status: asked === 'all' ? undefined : (statusOf(asked) ?? 'open'), text: (c.req.query('q') ?? '').trim().slice(0, 200) };
}

/**
 * The inbox view an inquiry was opened from (`?status=…&q=…`, as the list's links carry it), so
 * its page, its status forms and its deletion lead back there rather than to the open view; with
 * `extra`, a redirect's own parameters (`marked`, `deleted`) beside them.
 */
function backTo(c: Context<AppEnv>, extra: Record<string, string> = {}): string {
  const { status, text } = filterOf(c);
  return inboxQuery(status, text, extra);
}

/** The inbox at /admin: list, inquiry pages, status changes, erasure and exports (owners only). */
export function registerInboxRoutes(app: OpenAPIHono<AppEnv>, deps: AdminDeps): void {
  const { inbox } = deps;
  const guard = (c: Context<AppEnv>) => (signedIn(c) ? null : signInFirst(c));
  const inquiryId = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!ID.test(id)) throw new NotFoundError(`No inquiry has the id "${id}".`);
    return id;
  };

  app.get('/admin', async (c) => {
    const away = guard(c);
    if (away) return away;
    const filter = filterOf(c);
    const cursor = c.req.query('cursor');
    // A search that is the reference a sender quotes (their thank-you page's inq_…) opens that
    // inquiry, whatever its status: the open view would not list it once archived or spam.
    if (cursor === undefined && ID.test(filter.text) && (await inbox.has(filter.text))) return seeOther(c, `/admin/inquiries/${filter.text}`);
    const page = await inbox.list(filter, cursor, PAGE_SIZE).catch((error: unknown) => {
      // A stale or hand-edited cursor shows the first page rather than an error.
      if (error instanceof ValidationError && cursor) return inbox.list(filter, undefined, PAGE_SIZE);
      throw error;
    });
    const notice = c.req.query('deleted') === '1' ? 'The inquiry was deleted for good.' : undefined;
    const frame = await frameOf(c, deps);
    return sendAdminHtml(c, renderInboxPage({ ...frame, items: page.items, counts: await inbox.counts(filter.text), status: filter.status, text: filter.text, nextCursor: page.next_cursor, continued: cursor !== undefined, notice }));
  });

  app.get('/admin/inquiries/:id', async (c) => {
    const away = guard(c);
    if (away) return away;
    const changed = statusOf(c.req.query('marked'));
    // The page shown after a status change shows it as set: opening it again would turn a
    // "Mark as New" straight back into read.
    const inquiry = changed ? await inbox.get(inquiryId(c)) : await inbox.open(inquiryId(c));
    return sendAdminHtml(c, renderInquiryPage({ ...(await frameOf(c, deps)), inquiry, back: backTo(c), notice: changed ? `Marked ${STATUS_LABELS[changed].toLowerCase()}.` : undefined }));
  });

  app.post('/admin/inquiries/:id/status', async (c) => {
    const away = guard(c);
    if (away) return away;
    const id = inquiryId(c);
    const status = statusOf(String((await c.req.parseBody()).status ?? ''));
    if (!status) throw new ValidationError('Choose a status.', [{ path: 'status', message: `must be one of ${INQUIRY_STATUSES.join(', ')}` }]);
    await inbox.setStatus(id, status);
    return seeOther(c, `/admin/inquiries/${id}${backTo(c, { marked: status })}`);
  });

  app.get('/admin/inquiries/:id/delete', async (c) => {
    const away = guard(c);
    if (away) return away;
    return sendAdminHtml(c, renderConfirmDeletePage({ ...(await frameOf(c, deps)), inquiry: await inbox.get(inquiryId(c)), back: backTo(c) }));
  });

  app.post('/admin/inquiries/:id/delete', async (c) => {
    const away = guard(c);
    if (away) return away;
    await inbox.erase(inquiryId(c));
    return seeOther(c, `/admin${backTo(c, { deleted: '1' })}`);
  });

  for (const format of ['csv', 'json'] as const) {
    app.get(`/admin/export.${format}`, (c) => {
      const away = guard(c);
      if (away) return away;
      const filter = filterOf(c);
      c.header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json');
      c.header('content-disposition', `attachment; filename="inquiries.${format}"`);
      c.header('cache-control', 'no-store');
      return stream(c, async (out) => {
        let first = true;
        await out.write(format === 'csv' ? csvHeader() : '[');
        for await (const entry of inbox.export(filter)) {
          await out.write(format === 'csv' ? csvRow(entry) : `${first ? '' : ','}\n${JSON.stringify(entry)}`);
          first = false;
        }
        if (format === 'json') await out.write('\n]\n');
      });
    });
  }
}
