import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** requests each upstream was sent, by its port */
  sent: Map<number, number>;
  close(): Promise<void>;
}

/**
 * The smallest load balancer: each request goes to the next upstream that has not refused a
 * connection. A request whose upstream dies under it gets a 502 (no retry: that is the client's
 * business, with its Idempotency-Key), and an upstream that refuses connections is taken out.
 */
export async function startRoundRobinProxy(upstreams: number[]): Promise<RoundRobinProxy> {
  const alive = new Set(upstreams);
  const sent = new Map<number, number>(upstreams.map((p) => [p, 0]));
  let turn = 0;
  const fail = (res: ServerResponse) => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'content-type': 'text/plain', connection: 'close' }).end('upstream failed');
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const candidates = upstreams.filter((p) => alive.has(p));
    if (candidates.length === 0) return fail(res);
    const port = candidates[turn++ % candidates.length]!;
    sent.set(port, sent.get(port)! + 1);
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') alive.delete(port);
      fail(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
