import type Nodemailer from 'nodemailer';
import { lazyModule } from '../lib/lazy-module.js';
import type { MailConfig } from '../config.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * nodemailer over SMTP (SMTP_URL), each step bounded by `timeoutMs`. Pooled: a burst of
 * inquiries reuses a few open connections instead of a TCP and TLS handshake per message.
 */
const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export function createSmtpMailer(config: MailConfig, timeoutMs: number): Mailer {
  // Options in one object: a second argument would be per-message defaults, not transport settings.
  const transport = loadNodemailer().createTransport({
    url: config.url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: config.from,
        to: typeof message.to === 'string' ? message.to : [...message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
    close: () => transport.close(),
  };
}
