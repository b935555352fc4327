import type { CredentialKind, IdentityType } from './principal.js';

/** Where an inquiry came from: REST, an MCP tool call or the HTML form. */
export type InquirySource = 'api' | 'mcp' | 'web';

/** An inquiry as its sender sent it (docs/design.md §2). */
export interface InquiryRecord {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  project_slugs: string[];
  budget: string | null;
  timeline: string | null;
  source: InquirySource;
  client_id: string | null;
  created_at: string;
}

/** Who sent an inquiry, as the bearer on the request proved it; all null for anonymous senders. */
export interface Provenance {
  /** which kind of bearer attributed it */
  credential: CredentialKind | null;
  identity_type: IdentityType | null;
  /** the verified email, or `issuer|subject` of an ID-JAG */
  subject: string | null;
}

/** Where an inquiry stands in the studio's inbox. */
export const INQUIRY_STATUSES = ['new', 'read', 'replied', 'archived', 'spam'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
/** The inquiries still to deal with: the inbox's default view leaves out archived and spam ones. */
export const OPEN_STATUSES: readonly InquiryStatus[] = ['new', 'read', 'replied'];
/** A status, or `open` for any of OPEN_STATUSES. */
export type InquiryStatusFilter = InquiryStatus | 'open';

/** An inquiry as the studio's inbox holds it. */
export interface InboxInquiry extends InquiryRecord, Provenance {
  status: InquiryStatus;
  /** RFC 3339, null until the status first changes */
  status_changed_at: string | null;
}
