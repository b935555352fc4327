import { newTimeOrderedId, toRfc3339, type Clock, type Random } from '../lib/clock.js';
import type { InquiryRecord } from '../model/inquiry.js';
import type { NewOutboxItem, OwnerStore } from '../store/ports/index.js';
import { INQUIRY_CREATED, type InquiryEvent, type NamedProject } from './events.js';

export interface NotifierOptions {
  /** mail is configured (SMTP_URL): every owner gets an email */
  mail: boolean;
  webhookUrls: readonly string[];
  /** owners named by OWNER_EMAILS; the owners table adds more */
  configuredOwners: readonly string[];
  baseUrl: string;
  clock: Clock;
  random: Random;
}

/**
 * The notifications of a new inquiry, written into the outbox atomically with the inquiry: an
 * email row per owner (when mail is on) and a webhook row per WEBHOOK_URLS entry. What is
 * committed is delivered at least once, by any process's worker, even after a crash.
 */
export class InquiryNotifier {
  constructor(private readonly options: NotifierOptions) {}

  /** Whether any channel is configured at all (no channel: nothing is written). */
  get active(): boolean {
    return this.options.mail || this.options.webhookUrls.length > 0;
  }

  /**
   * The outbox rows of a new inquiry, for the store to write with it (Store.acceptInquiry).
   * Composed just before that write: an owner added in between hears of the next inquiry, as
   * one added just after the commit would.
   */
  async notifications(owners: OwnerStore, inquiry: InquiryRecord, projects: readonly NamedProject[]): Promise<NewOutboxItem[]> {
    if (!this.active) return [];
    const { clock, random, baseUrl } = this.options;
    const now = clock.now();
    const data = { ...inquiry, projects: [...projects], links: { inbox: `${baseUrl}/admin/inquiries/${inquiry.id}` } };
    const item = (channel: NewOutboxItem['channel'], target: string): NewOutboxItem => {
      const id = newTimeOrderedId(now, random, 'msg', 16);
      const event: InquiryEvent = { id, type: INQUIRY_CREATED, timestamp: toRfc3339(now), data };
      return { id, event: INQUIRY_CREATED, resource: inquiry.id, channel, target, payload: JSON.stringify(event), created_at: now };
    };
    const items: NewOutboxItem[] = [];
    if (this.options.mail) {
      const emails = new Set([...this.options.configuredOwners, ...(await owners.list()).map((o) => o.email)]);
      for (const email of emails) items.push(item('email', email));
    }
    for (const url of this.options.webhookUrls) items.push(item('webhook', url));
    return items;
  }
}
