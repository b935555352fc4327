import type { InboxInquiry } from '../model/inquiry.js';

/** Who sent an inquiry, in the words the inbox shows. */
export type Sender =
  | { kind: 'anonymous' }
  | { kind: 'oauth_client'; client_id: string; client_name: string | null }
  | { kind: 'api_key'; client_id: string; client_name: string | null }
  | { kind: 'verified_email'; email: string; client_id: string }
  | { kind: 'id_jag'; issuer: string; subject: string; client_id: string };

/** From the provenance stored with the inquiry; `clientName` looks the client up. */
export function senderOf(inquiry: InboxInquiry, clientName: string | null): Sender {
  const clientId = inquiry.client_id;
  if (clientId === null) return { kind: 'anonymous' };
  if (inquiry.identity_type === 'identity_assertion' && inquiry.subject !== null) {
    // assertionSubject: the verified email, or `issuer|subject` for an ID-JAG.
    const bar = inquiry.subject.lastIndexOf('|');
    if (bar > 0) return { kind: 'id_jag', issuer: inquiry.subject.slice(0, bar), subject: inquiry.subject.slice(bar + 1), client_id: clientId };
    return { kind: 'verified_email', email: inquiry.subject, client_id: clientId };
  }
  if (inquiry.credential === 'api_key') return { kind: 'api_key', client_id: clientId, client_name: clientName };
  return { kind: 'oauth_client', client_id: clientId, client_name: clientName };
}

/** One line for people: "An OAuth client, my-agent (vt_client_…)". */
export function describeSender(sender: Sender): string {
  switch (sender.kind) {
    case 'anonymous':
      return 'Anonymous (no credential)';
    case 'oauth_client':
      return `OAuth client ${sender.client_name ?? '(unnamed)'} (${sender.client_id})`;
    case 'api_key':
      return `API key of ${sender.client_name ?? '(unnamed)'} (${sender.client_id})`;
    case 'verified_email':
      return `Verified email ${sender.email} (client ${sender.client_id})`;
    case 'id_jag':
      return `ID-JAG from ${sender.issuer}, subject ${sender.subject} (client ${sender.client_id})`;
  }
}
