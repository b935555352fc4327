/**
 * The baseline: a bare node:http server answering fixed paths with the exact status, headers
 * and bytes vitrine sent for them. Whatever vitrine costs beyond this is framework, validation,
 * middleware and cache lookup. With `pages`, any other URL of a path is answered with the page
 * of its `limit` (the uncached-search row of hot-paths.ts: a distinct URL each request, answered
 * with as many bytes as vitrine sends for it).
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

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const routes = new Map<string, Answer>();
/** per path: the answer for each `limit` */
const pages = new Map<string, Map<string, Answer>>();
const LIMIT = /[?&]limit=(\d+)/;
const notFound = Buffer.from('{"error":"not_found"}');

const server = createServer((req, res) => {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  const route = routes.get(url) ?? (query > 0 ? pages.get(url.slice(0, query))?.get(LIMIT.exec(url)?.[1] ?? '') : undefined);
  if (!route) {
    res.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
    res.end(notFound);
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});

function answerOf(fixed: Fixed): Answer {
  const body = fixed.bodyBase64 !== undefined ? Buffer.from(fixed.bodyBase64, 'base64') : Buffer.from(fixed.body);
  return { status: fixed.status, headers: { ...fixed.headers, 'content-length': String(body.length) }, body };
}

process.on('message', (message: { type: string; routes?: Record<string, Fixed>; path?: string; pages?: Record<string, Fixed> }) => {
  if (message.type === 'routes') {
    for (const [path, fixed] of Object.entries(message.routes ?? {})) routes.set(path, answerOf(fixed));
    process.send!({ type: 'routes-set' });
  }
  if (message.type === 'pages') {
    pages.set(message.path!, new Map(Object.entries(message.pages ?? {}).map(([limit, fixed]) => [limit, answerOf(fixed)])));
    process.send!({ type: 'pages-set' });
  }
  if (message.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
  if (message.type === 'stop') server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => process.send!({ type: 'ready', port: (server.address() as AddressInfo).port }));
