import { toRfc3339, type Clock } from '../lib/clock.js';
import { NotFoundError } from '../lib/errors.js';
import type { InboxInquiry, InquiryStatus, InquiryStatusFilter } from '../model/inquiry.js';
import type { NamedProject } from '../outbox/events.js';
import type { Store } from '../store/ports/index.js';
import { decodeInboxCursor, encodeInboxCursor } from './cursor.js';
import { senderOf, type Sender } from './sender.js';

export interface InboxFilter {
  /** one status, `open` (new, read or replied: the default view) or, absent, every inquiry */
  status?: InquiryStatusFilter | undefined;
  text?: string | undefined;
}

/** An inquiry as the owner sees it: everything stored, who sent it and the projects it names. */
export interface InboxEntry extends InboxInquiry {
  sender: Sender;
  projects: NamedProject[];
}

export interface InboxPage {
  items: InboxEntry[];
  next_cursor: string | null;
}

export interface InboxOptions {
  store: Store;
  clock: Clock;
  /** the published catalog projects among these slugs (the inbox shows the rest as plain slugs) */
  projectsNamed(slugs: readonly string[]): Promise<NamedProject[]>;
}

/** Exports read the inbox in pages of this size, up to MAX_EXPORT rows. */
const EXPORT_PAGE = 200;
export const MAX_EXPORT = 50_000;

/**
 * The studio's inbox: every real inquiry (the sandbox stores none), newest first, by status and
 * text, with who sent it; status changes; and erasure, which leaves nothing of the inquiry
 * behind: its row, its idempotency records and its notifications (each a copy of it) go in one
 * transaction (the erasure a GDPR request needs).
 */
export class Inbox {
  constructor(private readonly options: InboxOptions) {}

  async list(filter: InboxFilter, cursor: string | undefined, limit: number): Promise<InboxPage> {
    const key = { status: filter.status ?? null, text: filter.text ?? null };
    const after = cursor ? decodeInboxCursor(cursor, key) : undefined;
    const rows = await this.options.store.inquiries.list({ status: filter.status, text: filter.text, after, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: await Promise.all(page.map((row) => this.entry(row))),
      next_cursor: rows.length > limit && last ? encodeInboxCursor({ createdAt: last.created_at, id: last.id }, key) : null,
    };
  }

  async get(id: string): Promise<InboxEntry> {
    const row = await this.options.store.inquiries.get(id);
    if (!row) throw new NotFoundError(`No inquiry has the id "${id}".`);
    return this.entry(row);
  }

  /** Whether an inquiry with this id is stored (the reference its sender was given). */
  async has(id: string): Promise<boolean> {
    return (await this.options.store.inquiries.get(id)) !== undefined;
  }

  async setStatus(id: string, status: InquiryStatus): Promise<InboxEntry> {
    if (!(await this.options.store.inquiries.setStatus(id, status, toRfc3339(this.options.clock.now())))) throw new NotFoundError(`No inquiry has the id "${id}".`);
    return this.get(id);
  }

  /** Opening an inquiry marks a new one read. */
  async open(id: string): Promise<InboxEntry> {
    const entry = await this.get(id);
    return entry.status === 'new' ? this.setStatus(id, 'read') : entry;
  }

  async erase(id: string): Promise<void> {
    const erased = await this.options.store.transaction(async (tx) => {
      const existed = await tx.inquiries.delete(id);
      await tx.idempotency.deleteForResource(id);
      await tx.outbox.deleteForResource(id);
      return existed;
    });
    if (!erased) throw new NotFoundError(`No inquiry has the id "${id}".`);
  }

  /** Inquiries by status; with a text, of those the search finds (what each tab would list). */
  async counts(text?: string): Promise<Record<InquiryStatus, number>> {
    return this.options.store.inquiries.countByStatus(text || undefined);
  }

  /** Every inquiry the filter matches, newest first (at most MAX_EXPORT). */
  async *export(filter: InboxFilter): AsyncGenerator<InboxEntry> {
    let cursor: string | undefined;
    let exported = 0;
    do {
      const page = await this.list(filter, cursor, EXPORT_PAGE);
      for (const entry of page.items) {
        if (exported++ >= MAX_EXPORT) return;
        yield entry;
      }
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  private async entry(row: InboxInquiry): Promise<InboxEntry> {
    const client = row.client_id ? await this.options.store.clients.get(row.client_id) : undefined;
    const projects = row.project_slugs.length > 0 ? await this.options.projectsNamed(row.project_slugs) : [];
    return { ...row, sender: senderOf(row, client?.client_name ?? null), projects };
  }
}
