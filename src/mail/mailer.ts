/** One message: a plain-text part and an HTML part of the same content. */
export interface MailMessage {
  to: string | readonly string[];
  subject: string;
  text: string;
  html: string;
  /** an address, or a name with one (the transport encodes the name, RFC 2047) */
  replyTo?: string | { name: string; address: string } | undefined;
  /** RFC 5322 §3.6.4: the same id on a resend lets mail clients show one message */
  messageId?: string | undefined;
}

/** Sends mail; rejects when the server did not accept the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}
