import type { Mailer } from '../../mail/mailer.js';
import { inquiryCreatedMail } from '../../mail/templates/inquiry-created.js';
import type { OutboxRecord } from '../../store/ports/index.js';
import type { InquiryEvent } from '../events.js';
import { DeliveryError, type Channel } from './channel.js';

/**
 * Email to one owner per row, through the configured SMTP server; the studio's name and zone as
 * they are when it goes out. `isOwner` is asked then too: an owner removed since the inquiry came
 * (`vitrine owner remove`, OWNER_EMAILS changed) gets none of its notifications still queued.
 */
export function mailChannel(mailer: Mailer, siteName: () => Promise<string>, timeZone: () => Promise<string>, isOwner: (email: string) => Promise<boolean>): Channel {
  return {
    async deliver(item: OutboxRecord) {
      if (!(await isOwner(item.target))) throw new DeliveryError(`${item.target} is no longer an owner: not sent`, true);
      const event = JSON.parse(item.payload) as InquiryEvent;
      try {
        await mailer.send(inquiryCreatedMail(event, item.target, await siteName(), await timeZone()));
      } catch (error) {
        // The SMTP answer names the problem (a refused recipient, a timeout) without secrets.
        const { responseCode, message } = error as SmtpFailure;
        throw new DeliveryError(`${responseCode ? `SMTP ${responseCode}: ` : ''}${message ?? 'the mail server refused the message'}`.slice(0, 500), refusesMailbox(error as SmtpFailure));
      }
    },
  };
}

/** What nodemailer's errors carry of the SMTP exchange. */
interface SmtpFailure {
  responseCode?: number;
  /** the command answered: 'CONN', 'AUTH PLAIN', 'MAIL FROM', 'RCPT TO', 'DATA'… */
  command?: string;
  /** the server's reply, e.g. "550 5.1.1 <x@example.com>: Recipient address rejected" */
  response?: string;
  message?: string;
}

/**
 * Whether the mail server refused the owner's mailbox itself, the one failure that sending again
 * cannot mend: a 550/551/553 to RCPT TO whose enhanced code, if any, is 5.1.x (RFC 3463 §3.2,
 * "addressing status": no such user, bad address). Every other 5yz reply — RFC 5321 §4.2.1
 * calls them permanent for that transaction — is usually the server's own setup: a wrong login
 * (535), a sender or relay refused (MAIL FROM, 5.7.1). The studio fixes that and then must still
 * hear of the inquiries meanwhile, so those are retried with the rest until the outbox's day is up.
 */
export function refusesMailbox(failure: SmtpFailure): boolean {
  if (failure.command !== 'RCPT TO' || ![550, 551, 553].includes(failure.responseCode ?? 0)) return false;
  const enhanced = /^\d{3}[ -](\d)\.(\d{1,3})\.\d{1,3}\b/.exec(failure.response ?? '');
  return enhanced === null || (enhanced[1] === '5' && enhanced[2] === '1');
}
