import { escapeHtml } from '../../pages/escape.js';
import type { MailMessage } from '../mailer.js';

/** The one-time code an owner signs in with. It is never stored or logged anywhere but here. */
export function signInCodeMail(to: string, code: string, siteName: string, validMinutes: number, signInUrl: string): MailMessage {
  const text = [
    `Your code to sign in to ${siteName}: ${code}`,
    '',
    `It works once, for ${validMinutes} minutes, at ${signInUrl}.`,
    'If you did not try to sign in, ignore this email: nobody can sign in without the code.',
  ].join('\n');
  const html = [
    `<p>Your code to sign in to ${escapeHtml(siteName)}:</p>`,
    `<p style="font-size:1.6em;letter-spacing:0.2em"><strong>${escapeHtml(code)}</strong></p>`,
    `<p>It works once, for ${validMinutes} minutes, at <a href="${escapeHtml(signInUrl)}">${escapeHtml(signInUrl)}</a>.</p>`,
    '<p>If you did not try to sign in, ignore this email: nobody can sign in without the code.</p>',
  ].join('\n');
  return { to, subject: `${code} is your ${siteName} sign-in code`, text, html };
}
