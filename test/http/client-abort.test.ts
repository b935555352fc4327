import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Sends a request's head and part of its body, then cuts the connection. */
function abortMidBody(port: number, path: string, contentType: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{"na`);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 100);
    });
    socket.once('error', reject);
  });
}

describe('a client that cuts the connection mid-body is its own event, not a server failure', () => {
  let server: TestServer;
  const lines: { level: number; msg: string; path?: string; status?: number }[] = [];
  before(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) });
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' }, deps: { logger } });
  });
  after(async () => server?.close());

  it('logs it at info, counts it as 499 (nginx\'s "client closed request"), and no 500 or error line', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const paths: [string, string][] = [
      ['/api/v1/inquiries', 'application/json'],
      ['/oauth/register', 'application/json'],
      ['/mcp', 'application/json'],
      // the token endpoint's own lane (oauth-token-lane.ts)
      ['/oauth/token', 'application/x-www-form-urlencoded'],
    ];
    for (const [path, type] of paths) await abortMidBody(port, path, type);
    const settled = async () => {
      for (let i = 0; i < 50 && lines.filter((l) => l.msg === 'request' && l.status === 499).length < paths.length; i++) await new Promise((r) => setTimeout(r, 20));
    };
    await settled();
    assert.deepEqual(lines.filter((l) => l.level >= 50), [], 'no error-level line');
    for (const [path] of paths) {
      assert.ok(lines.some((l) => l.msg === 'request' && l.path === path && l.status === 499), `${path}: the access line says 499`);
      assert.ok(lines.some((l) => l.level === 30 && l.path === path && /closed the connection/.test(l.msg)), `${path}: an info line says what happened`);
    }
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    assert.doesNotMatch(metrics, /vitrine_http_requests_total\{[^}]*status="500"/);
    assert.match(metrics, /vitrine_http_requests_total\{[^}]*route="\/api\/v1\/inquiries"[^}]*status="499"/);
  });
});
