import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** what `standardwebhooks` verify() returned (the parsed payload), or null when it threw */
  verified: unknown;
  /** the status this receiver answered */
  status: number;
}

export interface TestWebhookReceiver {
  url: string;
  secret: string;
  deliveries: Delivery[];
  /** the statuses to answer, in order; 200 once they run out */
  answer(...statuses: number[]): void;
  /** hold every answer until `release()`: a delivery in flight */
  hold(): void;
  /** how many requests are held now */
  inFlight(): number;
  release(): void;
  /** resolves once `count` deliveries answered 2xx (counting those already in) */
  delivered(count: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

/** A Standard Webhooks secret for tests: whsec_ + base64 of 24 random bytes. */
export function webhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;
}

/**
 * A real HTTP receiver that verifies every delivery with the `standardwebhooks` package's
 * verify(), as a studio's own endpoint would, and answers the statuses a test scripts.
 */
export async function startWebhookReceiver(secret = webhookSecret()): Promise<TestWebhookReceiver> {
  const verifier = new Webhook(secret);
  const deliveries: Delivery[] = [];
  const script: number[] = [];
  let held: (() => void)[] | null = null;
  const waiters: { count: number; resolve: (d: Delivery[]) => void }[] = [];
  const ok = () => deliveries.filter((d) => d.status >= 200 && d.status < 300);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown = null;
      try {
        verified = verifier.verify(body, req.headers as Record<string, string>);
      } catch {
        verified = null;
      }
      const status = script.length > 0 ? script.shift()! : 200;
      const finish = () => {
        deliveries.push({ id: String(req.headers['webhook-id']), headers: req.headers, body, verified, status });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
        for (const waiter of [...waiters]) {
          if (ok().length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(ok());
          }
        }
      };
      if (held) held.push(finish);
      else finish();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/vitrine`,
    secret,
    deliveries,
    answer: (...statuses) => script.push(...statuses),
    hold() {
      held ??= [];
    },
    inFlight: () => held?.length ?? 0,
    release() {
      const pending = held ?? [];
      held = null;
      for (const finish of pending) finish();
    },
    delivered(count, timeoutMs = 10_000) {
      if (ok().length >= count) return Promise.resolve(ok());
      return new Promise<Delivery[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${ok().length} of ${count} deliveries within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
