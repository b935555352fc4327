import type { InquiryRecord } from '../../model/inquiry.js';
import type { IdempotencyCompletion } from './idempotency.js';

export interface InquiryStore {
  /**
   * Stores the inquiry (when given) and completes the idempotency record (when given) in one
   * transaction: a crash leaves both or neither.
   */
  create(inquiry: InquiryRecord | null, completion: IdempotencyCompletion | null): Promise<void>;
  get(id: string): Promise<InquiryRecord | undefined>;
  count(): Promise<number>;
  list(limit: number): Promise<InquiryRecord[]>;
}
