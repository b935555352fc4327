import type { InquiryRecord } from '../../model/inquiry.js';

/** Inquiries as received; written in the transaction of the request that sent them. */
export interface InquiryStore {
  insert(inquiry: InquiryRecord): Promise<void>;
  get(id: string): Promise<InquiryRecord | undefined>;
  count(): Promise<number>;
  list(limit: number): Promise<InquiryRecord[]>;
}
