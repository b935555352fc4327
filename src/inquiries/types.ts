import type { InquirySource } from '../model/inquiry.js';
import type { Principal } from '../model/principal.js';

export type { InquirySource } from '../model/inquiry.js';
import type { StoredResponse } from '../store/ports/index.js';


export interface SubmitContext {
  principal: Principal | null;
  source: InquirySource;
  /** sandbox writes validate and answer exactly like real ones but store no inquiry */
  sandbox: boolean;
  /** raw Idempotency-Key value (quoted sf-string or bare); undefined = no idempotency */
  idempotencyKey?: string | undefined;
}

/**
 * The result of a submission in wire form, identical for a first run and a replay: REST
 * sends it as is, MCP and the HTML form read `body` (JSON) and `status`.
 */
export interface SubmitOutcome extends StoredResponse {
  /** true when this is a stored result replayed for a repeated Idempotency-Key */
  replayed: boolean;
}
