import type { InquiryRecord } from '../model/inquiry.js';

/** A catalog project an inquiry names, as notifications show it. */
export interface NamedProject {
  slug: string;
  title: string;
  url: string;
}

/** What receivers get for a new inquiry: the inquiry, the projects it names and where to open it. */
export interface InquiryCreatedData extends InquiryRecord {
  projects: NamedProject[];
  links: { inbox: string };
}

/**
 * Standard Webhooks payload structure (`type`, `timestamp`, `data`); the message id travels in
 * the `webhook-id` header and is the outbox row's id, the same on every attempt.
 */
export interface InquiryEvent {
  id: string;
  type: 'inquiry.created';
  timestamp: string;
  data: InquiryCreatedData;
}

export const INQUIRY_CREATED = 'inquiry.created';
