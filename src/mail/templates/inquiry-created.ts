import { humanTime } from '../../lib/human-time.js';
import { escapeHtml } from '../../pages/escape.js';
import type { MailMessage } from '../mailer.js';
import type { InquiryEvent } from '../../outbox/events.js';

/**
 * Header text from user input: one line, no control characters, bounded, and no RFC 2047
 * encoded word (`=?UTF-8?B?…?=`), which clients would decode into other text (an address as a
 * name): a zero-width space after its `=` leaves it as written, and the header is then encoded whole.
 */
function oneLine(text: string, max = 80): string {
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/=\?/g, '=\u200b?').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const SOURCES = { web: 'the inquiry form', api: 'the REST API', mcp: 'an MCP agent' } as const;

/**
 * The owner's notification of a new inquiry: the subject names the sender and the project,
 * Reply-To is the sender, so answering is one click, and the inbox link opens it. The time is
 * in the studio's zone (`timeZone`, its profile's time_zone), with the offset.
 */
export function inquiryCreatedMail(event: InquiryEvent, to: string, siteName: string, timeZone: string): MailMessage {
  const inquiry = event.data;
  const about = inquiry.projects.length === 0 ? '' : ` about ${oneLine(inquiry.projects[0]!.title, 60)}${inquiry.projects.length > 1 ? ` and ${inquiry.projects.length - 1} more` : ''}`;
  const from = `${oneLine(inquiry.name, 60)}${inquiry.company ? ` (${oneLine(inquiry.company, 40)})` : ''}`;
  // A fact's HTML may be a link (a project's page); its text form stays "title — url".
  const facts: [string, string, { href: string; text: string }?][] = [
    // Name and address apart: a name such as "Eve <ceo@studio.example>" cannot pass for the address.
    ['From', inquiry.name],
    ['Email', inquiry.email, { href: `mailto:${inquiry.email}`, text: inquiry.email }],
    ...(inquiry.company ? ([['Company', inquiry.company]] as [string, string][]) : []),
    ...inquiry.projects.map((p): [string, string, { href: string; text: string }] => ['Project', `${p.title} — ${p.url}`, { href: p.url, text: p.title }]),
    ...(inquiry.budget ? ([['Budget', inquiry.budget]] as [string, string][]) : []),
    ...(inquiry.timeline ? ([['Timeline', inquiry.timeline]] as [string, string][]) : []),
    ['Sent through', SOURCES[inquiry.source]],
    ['Received', humanTime(inquiry.created_at, timeZone)],
  ];
  const text = [
    `${inquiry.name} sent ${siteName} an inquiry${about}.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...inquiry.message.split('\n').map((line) => `> ${line}`),
    '',
    `Open it in your inbox: ${inquiry.links.inbox}`,
    'Reply to this email to answer the sender directly.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(inquiry.name)} sent ${escapeHtml(siteName)} an inquiry${escapeHtml(about)}.</p>`,
    '<table>',
    ...facts.map(([k, v, link]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${link ? `<a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>` : escapeHtml(v)}</td></tr>`),
    '</table>',
    `<blockquote>${escapeHtml(inquiry.message).replace(/\n/g, '<br>')}</blockquote>`,
    `<p><a href="${escapeHtml(inquiry.links.inbox)}">Open it in your inbox</a>. Reply to this email to answer the sender directly.</p>`,
  ].join('\n');
  // RFC 5322 §3.6.4: the id's right side names a domain of the sender's: the site's host.
  const host = new URL(inquiry.links.inbox).hostname.replace(/^\[|\]$/g, '').replace(/[^a-z0-9.-]/gi, '-');
  // A name holding an address ("Boss <ceo@studio.example>") would pass for the address in the
  // owner's reply window, where clients show the display name: Reply-To is then the address alone.
  const replyName = oneLine(inquiry.name, 60);
  return {
    to,
    subject: `New inquiry from ${from}${about}`,
    text,
    html,
    replyTo: replyName.includes('@') ? inquiry.email : { name: replyName, address: inquiry.email },
    messageId: `<${event.id}.${to.replace(/[^a-z0-9.]/gi, '-')}@${host}>`,
  };
}
