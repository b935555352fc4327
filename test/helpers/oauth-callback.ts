import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A native app's loopback redirect listener (RFC 8252 §7.3): records every callback it receives. */
export interface CallbackServer {
  url: string;
  /** resolves with the next callback's full URL */
  next(): Promise<URL>;
  close(): Promise<void>;
}

export async function startCallbackServer(): Promise<CallbackServer> {
  let waiter: ((url: URL) => void) | undefined;
  const received: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    // Only the redirect counts: the browser also asks this origin for /favicon.ico and the like.
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
    if (waiter) {
      const w = waiter;
      waiter = undefined;
      w(url);
    } else received.push(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    next: () => (received.length > 0 ? Promise.resolve(received.shift()!) : new Promise<URL>((resolve) => (waiter = resolve))),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
