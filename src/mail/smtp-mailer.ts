import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.js';
import type { Mailer, MailMessage } from './mailer.js';

/** nodemailer over SMTP (SMTP_URL), each step bounded by `timeoutMs`. */
export function createSmtpMailer(config: MailConfig, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport(config.url, {
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
