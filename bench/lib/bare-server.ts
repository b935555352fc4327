/**
 * The baseline: a bare node:http server answering fixed paths with the exact status, headers
 * and bytes vitrine sent for them. Whatever vitrine costs beyond this is framework, validation,
 * middleware and cache lookup.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Fixed {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** binary bodies (images) travel over IPC as base64 */
  bodyBase64?: string;
}

const routes = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
const notFound = Buffer.from('{"error":"not_found"}');

const server = createServer((req, res) => {
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
    res.end(notFound);
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});

process.on('message', (message: { type: string; routes?: Record<string, Fixed> }) => {
  if (message.type === 'routes') {
    for (const [path, fixed] of Object.entries(message.routes ?? {})) {
      const body = fixed.bodyBase64 !== undefined ? Buffer.from(fixed.bodyBase64, 'base64') : Buffer.from(fixed.body);
      routes.set(path, { status: fixed.status, headers: { ...fixed.headers, 'content-length': String(body.length) }, body });
    }
    process.send!({ type: 'routes-set' });
  }
  if (message.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
  if (message.type === 'stop') server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => process.send!({ type: 'ready', port: (server.address() as AddressInfo).port }));
