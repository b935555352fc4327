import { escapeHtml } from '../../pages/escape.js';
import type { MailMessage } from '../mailer.js';
import type { InquiryEvent } from '../../outbox/events.js';

/** Header text from user input: one line, no control characters, bounded. */
function oneLine(text: string, max = 80): string {
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const SOURCES = { web: 'the inquiry form', api: 'the REST API', mcp: 'an MCP agent' } as const;

/**
 * The owner's notification of a new inquiry: the subject names the sender and the project,
 * Reply-To is the sender, so answering is one click, and the inbox link opens it.
 */
export function inquiryCreatedMail(event: InquiryEvent, to: string, siteName: string): MailMessage {
  const inquiry = event.data;
  const about = inquiry.projects.length === 0 ? '' : ` about ${oneLine(inquiry.projects[0]!.title, 60)}${inquiry.projects.length > 1 ? ` and ${inquiry.projects.length - 1} more` : ''}`;
  const from = `${oneLine(inquiry.name, 60)}${inquiry.company ? ` (${oneLine(inquiry.company, 40)})` : ''}`;
  const facts: [string, string][] = [
    ['From', `${inquiry.name} <${inquiry.email}>`],
    ...(inquiry.company ? ([['Company', inquiry.company]] as [string, string][]) : []),
    ...inquiry.projects.map((p): [string, string] => ['Project', `${p.title} — ${p.url}`]),
    ...(inquiry.budget ? ([['Budget', inquiry.budget]] as [string, string][]) : []),
    ...(inquiry.timeline ? ([['Timeline', inquiry.timeline]] as [string, string][]) : []),
    ['Sent through', SOURCES[inquiry.source]],
    ['Received', inquiry.created_at],
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
    ...facts.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<blockquote>${escapeHtml(inquiry.message).replace(/\n/g, '<br>')}</blockquote>`,
    `<p><a href="${escapeHtml(inquiry.links.inbox)}">Open it in your inbox</a>. Reply to this email to answer the sender directly.</p>`,
  ].join('\n');
  return { to, subject: `New inquiry from ${from}${about}`, text, html, replyTo: inquiry.email, messageId: `<${event.id}.${to.replace(/[^a-z0-9.]/gi, '-')}@vitrine>` };
}
