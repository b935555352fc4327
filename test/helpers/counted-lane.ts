import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeListener } from '../../src/http/node-listener.js';
import type { TestServer } from './server.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Counted {
  server: Server;
  url: string;
  taken: () => number;
}

/** A second listener on the test server's app, counting what its lane answers. */
export async function countedListener(app: TestServer): Promise<Counted> {
  let taken = 0;
  const lane = app.vitrine.lane;
  const server = createServer(
    nodeListener(
      (req, res) => {
        const answered = lane(req, res);
        if (answered) taken += 1;
        return answered;
      },
      app.vitrine.fetch,
      '127.0.0.1',
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, taken: () => taken };
}

export async function get(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, init);
  const headers: Record<string, string> = {};
  // node:http's own connection management fields differ between any two answers.
  res.headers.forEach((value, name) => name !== 'connection' && name !== 'keep-alive' && (headers[name] = value));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

