import { escapeHtml } from '../../pages/escape.js';
import type { MailMessage } from '../mailer.js';

/** The one-time code that proves an address on the OAuth consent page. Never stored or logged but here. */
export function consentCodeMail(to: string, code: string, siteName: string, validMinutes: number): MailMessage {
  const text = [
    `Your code to confirm this email address to ${siteName}: ${code}`,
    '',
    `Enter it on the page that asked for it. It works once, for ${validMinutes} minutes.`,
    'An application will then send inquiries to the studio in your name, as this address.',
    'If you did not ask for this code, ignore this email: nothing happens without it.',
  ].join('\n');
  const html = [
    `<p>Your code to confirm this email address to ${escapeHtml(siteName)}:</p>`,
    `<p style="font-size:1.6em;letter-spacing:0.2em"><strong>${escapeHtml(code)}</strong></p>`,
    `<p>Enter it on the page that asked for it. It works once, for ${validMinutes} minutes.</p>`,
    '<p>An application will then send inquiries to the studio in your name, as this address.</p>',
    '<p>If you did not ask for this code, ignore this email: nothing happens without it.</p>',
  ].join('\n');
  return { to, subject: `${code} is your ${siteName} confirmation code`, text, html };
}
