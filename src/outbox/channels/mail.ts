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
        // The SMTP answer names the problem (a refused recipient, a timeout) without secrets;
        // RFC 5321 §4.2.1: a 5yz reply is permanent, retrying the same message cannot help.
        const { responseCode, message } = error as { responseCode?: number; message?: string };
        throw new DeliveryError(`${responseCode ? `SMTP ${responseCode}: ` : ''}${message ?? 'the mail server refused the message'}`.slice(0, 500), responseCode !== undefined && responseCode >= 500 && responseCode < 600);
      }
    },
  };
}
