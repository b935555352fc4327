import type { InboxInquiry, InquiryRecord, InquiryStatus, InquiryStatusFilter, Provenance } from '../../model/inquiry.js';

/** What the inbox asks for: newest first, optionally one status (or the open ones) and a text to find. */
export interface InboxQuery {
  status?: InquiryStatusFilter | undefined;
  /** matched case-insensitively against name, email, company and message */
  text?: string | undefined;
  /** keyset paging: the (created_at, id) of the last inquiry of the previous page */
  after?: { createdAt: string; id: string } | undefined;
  limit: number;
}

/** Inquiries as received; written in the transaction of the request that sent them. */
export interface InquiryStore {
  insert(inquiry: InquiryRecord & Provenance): Promise<void>;
  get(id: string): Promise<InboxInquiry | undefined>;
  count(): Promise<number>;
  list(query: InboxQuery): Promise<InboxInquiry[]>;
  /** How many inquiries have each status; with `text`, of those the inbox's search finds (InboxQuery.text). */
  countByStatus(text?: string): Promise<Record<InquiryStatus, number>>;
  /** Returns whether the inquiry exists. `at` is RFC 3339. */
  setStatus(id: string, status: InquiryStatus, at: string): Promise<boolean>;
  /** Deletes the inquiry for good; returns whether it existed. */
  delete(id: string): Promise<boolean>;
}
