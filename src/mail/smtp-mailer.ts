import { connect } from 'node:net';
import type Nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { lazyModule } from '../lib/lazy-module.js';
import type { MailConfig } from '../config.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * nodemailer over SMTP (SMTP_URL), each step bounded by `timeoutMs`. Pooled: a burst of
 * inquiries reuses a few open connections instead of a TCP (and TLS) handshake and the server's
 * greeting per message. The mailer opens those connections itself, with Nagle's algorithm off
 * (openSocket); nodemailer does the rest over them: SMTP, STARTTLS or implicit TLS, timeouts.
 */
const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');

/** nodemailer's own default: few enough for any relay's limit on concurrent connections. */
const POOL_CONNECTIONS = 5;

/**
 * The transport's settings as query parameters of the connection URL. Given `url`,
 * `createTransport` reads every option from the URL and drops the rest of the object: with
 * `pool` and the timeouts beside `url`, they were silently ignored — a new connection per message
 * and nodemailer's defaults (2 minutes to connect, 10 of socket silence) instead of `timeoutMs`,
 * which let a hung relay hold a delivery past its outbox lease. They stay in the URL.
 */
export function transportUrl(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  const settings = { pool: 'true', maxConnections: String(POOL_CONNECTIONS), connectionTimeout: String(timeoutMs), greetingTimeout: String(timeoutMs), socketTimeout: String(timeoutMs) };
  for (const [name, value] of Object.entries(settings)) url.searchParams.set(name, value);
  return url.toString();
}

/** `studioName`: the display name of the From when MAIL_FROM names none (config.studioNamed); "vitrine" when that is blank or not given. */
export function createSmtpMailer(config: MailConfig, timeoutMs: number, studioName?: () => Promise<string>): Mailer {
  const transport = loadNodemailer().createTransport(transportUrl(config.url, timeoutMs));
  // nodemailer's hook for opening connections (nodemailer.com/smtp/proxies: `transporter.getSocket`),
  // handed to the pool at the first send; createTransport drops one given beside the URL. A
  // `proxy` in the URL has set its own already: that one stays.
  const hooked = transport as typeof transport & { getSocket?: SMTPPool['getSocket'] | false };
  if (typeof hooked.getSocket !== 'function') hooked.getSocket = (options, callback) => openSocket(options, timeoutMs, callback);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        // Mail from "Larchwood Studio", not from an address alone (or from "vitrine").
        from: config.studioNamed ? { name: (await studioName?.())?.trim() || 'vitrine', address: config.from } : config.from,
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

/**
 * TCP to the relay with Nagle's algorithm off; nodemailer then speaks SMTP (and TLS) over it.
 * nodemailer leaves Nagle on, and the end of each message's DATA, a small segment behind a
 * large one, waited for the relay's delayed ACK (~40 ms): ~25 messages a second per connection.
 * A burst of 7,946 inquiries was told of 68 s after the load ended; with Nagle off, 3 s
 * (bench/inquiries-outbox.ts, PostgreSQL; docs/performance.md change 32).
 *
 * A connection that fails is never reported through `callback(error)`: nodemailer's pool then
 * answers the message but keeps the slot, busy forever, so after as many failures as the pool
 * has connections (a relay down for a moment) every later message waited without end, until a
 * restart. `callback(null, false)` instead has nodemailer connect by itself, which fails the same
 * way through its own error path: the message is answered with the error and the slot freed.
 */
function openSocket(options: SMTPPool.Options, timeoutMs: number, callback: (error: Error | null, socketOptions?: unknown) => void): void {
  // nodemailer's own defaults: localhost, 465 for implicit TLS, 587 otherwise.
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = connect({ host: options.host ?? 'localhost', port, noDelay: true, ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
  const fail = () => {
    socket.destroy();
    callback(null, false);
  };
  socket.setTimeout(timeoutMs, fail);
  socket.once('error', fail);
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.setKeepAlive(true);
    socket.off('error', fail);
    callback(null, { connection: socket });
  });
}
