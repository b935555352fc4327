import type Nodemailer from 'nodemailer';
import { lazyModule } from '../lib/lazy-module.js';
import type { MailConfig } from '../config.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * nodemailer over SMTP (SMTP_URL), each step bounded by `timeoutMs`. Pooled: a burst of
 * inquiries reuses a few open connections instead of a TCP (and TLS) handshake and the server's
 * greeting per message.
 */
const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');

/** nodemailer's own default: few enough for any relay's limit on concurrent connections. */
const POOL_CONNECTIONS = 5;

/**
 * The transport's settings as query parameters of the connection URL. Given `url`, nodemailer
 * reads every option from the URL and drops the rest of the object: with `pool` and the
 * timeouts beside `url`, they were silently ignored — a new connection per message and
 * nodemailer's defaults (2 minutes to connect, 10 of socket silence) instead of `timeoutMs`,
 * which let a hung relay hold a delivery past its outbox lease.
 */
export function transportUrl(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  const settings = { pool: 'true', maxConnections: String(POOL_CONNECTIONS), connectionTimeout: String(timeoutMs), greetingTimeout: String(timeoutMs), socketTimeout: String(timeoutMs) };
  for (const [name, value] of Object.entries(settings)) url.searchParams.set(name, value);
  return url.toString();
}

export function createSmtpMailer(config: MailConfig, timeoutMs: number): Mailer {
  const transport = loadNodemailer().createTransport(transportUrl(config.url, timeoutMs));
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
