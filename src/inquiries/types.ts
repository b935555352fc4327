import type { InquiryRecord, InquirySource } from '../model/inquiry.js';
import type { Principal } from '../model/principal.js';

export type { InquirySource } from '../model/inquiry.js';

export interface SubmitContext {
  principal: Principal | null;
  source: InquirySource;
  /** sandbox writes validate and answer exactly like real ones but store no inquiry */
  sandbox: boolean;
  /** the client's idempotency key, already parsed; undefined = no idempotency */
  idempotencyKey?: string | undefined;
}

/** An inquiry as its sender sees it: what was stored, received, and whether it was a rehearsal. */
export interface Inquiry extends InquiryRecord {
  status: 'received';
  /** true for sandbox submissions, which are answered but never stored */
  sandbox: boolean;
}

/** The same for a first submission and for a replay of it. */
export interface SubmitResult {
  inquiry: Inquiry;
  /** true when this is the stored result of an earlier submission with the same idempotency key */
  replayed: boolean;
}
