import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A received message: the parsed mail and the envelope recipients. */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

/** A sign-in code mail to `email` that arrived after the first `since` messages (inquiry notifications go to owners too). */
export function isSignInCode(email: string, since: number, messages: readonly ReceivedMail[]): (m: ReceivedMail) => boolean {
  return (m) => messages.indexOf(m) >= since && m.to.includes(email) && /sign-in code/.test(m.mail.subject ?? '');
}

export interface TestSmtp {
  /** SMTP_URL for vitrine */
  url: string;
  messages: ReceivedMail[];
  /** resolves with the first message (received already, or in the future) that `match` accepts */
  next(match?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** holds every message's DATA until `release()`: a delivery in flight */
  hold(): void;
  /** how many messages are held now */
  inFlight(): number;
  release(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on a free port, parsing what it receives with
 * mailparser: vitrine's mail goes over a real SMTP conversation in tests, never a mock transport.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const finish = () => {
            const received = { to: session.envelope.rcptTo.map((r) => r.address), mail };
            messages.push(received);
            for (const waiter of [...waiters]) {
              if (waiter.match(received)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(received);
              }
            }
            callback();
          };
          if (held) held.push(finish);
          else finish();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(match = () => true, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`)), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    hold() {
      held ??= [];
    },
    inFlight: () => held?.length ?? 0,
    release() {
      const pending = held ?? [];
      held = null;
      for (const finish of pending) finish();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code of a sign-in mail. */
export function codeOf(received: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(received.mail.text ?? '');
  if (!match) throw new Error('no code in the sign-in mail');
  return match[1]!;
}

/** A real SMTP server whose answers a test writes (`onAuth`, `onRcptTo`…), recording the recipients of each message it takes. */
export interface ScriptedSmtp {
  url: string;
  /** the envelope recipients of every message accepted, in order */
  received: string[];
  close(): Promise<void>;
}

export async function startScriptedSmtp(answers: Pick<SMTPServerOptions, 'onAuth' | 'onRcptTo'>, auth: { user: string; pass: string } | null = null): Promise<ScriptedSmtp> {
  const received: string[] = [];
  const server = new SMTPServer({
    ...(auth ? { allowInsecureAuth: true, disabledCommands: ['STARTTLS'] } : { authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] }),
    logger: false,
    ...answers,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${auth ? `${auth.user}:${auth.pass}@` : ''}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
