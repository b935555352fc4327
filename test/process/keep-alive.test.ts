import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';

interface Answer {
  status: number;
  headers: Record<string, string>;
}

/** One raw HTTP/1.1 connection: the answers as they arrive, and whether the server closed it. */
class Connection {
  private buffer = Buffer.alloc(0);
  readonly answers: Answer[] = [];
  closed = false;
  private waiters: (() => void)[] = [];

  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static async open(port: number): Promise<Connection> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new Connection(socket);
  }

  /** Resolves once `n` answers have arrived, or the connection closed. */
  async answered(n: number): Promise<void> {
    while (this.answers.length < n && !this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  async closedByServer(): Promise<void> {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.answers.push({ status: Number(statusLine!.split(' ')[1]), headers });
      this.wake();
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

/**
 * How long a client connection stays open between requests. node:http's own 5 s is shorter than
 * what proxies keep theirs (nginx, AWS's ALB: 60 s), and a proxy that sends a request on a
 * connection this end is closing gets a 502; the server keeps them KEEP_ALIVE_TIMEOUT_SECONDS
 * (65). A shutdown still ends at once: idle connections close, and so does each one whose
 * answer was in flight, once it is sent.
 */
describe('client connections between requests (KEEP_ALIVE_TIMEOUT_SECONDS)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-keep-alive-'));
  const running: RunningServer[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer(parseConfig({ PORT: '0', DATABASE_URL: `sqlite:${join(dir, `v${running.length}.db`)}`, DEMO_CATALOG: 'false', LOG_LEVEL: 'silent', ...env }));
    running.push(server);
    return server;
  };
  after(async () => {
    for (const server of running) await server.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps an idle connection past node:http’s 5 s, and announces 65 s', async () => {
    const server = await start();
    const connection = await Connection.open(server.port);
    connection.socket.write(get('/healthz'));
    await connection.answered(1);
    assert.equal(connection.answers[0]!.headers['keep-alive'], 'timeout=65');
    await sleep(6000);
    assert.equal(connection.closed, false, 'still open after 6 s idle');
    connection.socket.write(get('/healthz'));
    await connection.answered(2);
    assert.equal(connection.answers[1]!.status, 200, 'the second request is answered on the same connection');
    connection.socket.destroy();
  });

  it('closes an idle connection after KEEP_ALIVE_TIMEOUT_SECONDS', async () => {
    const server = await start({ KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    const connection = await Connection.open(server.port);
    connection.socket.write(get('/healthz'));
    await connection.answered(1);
    assert.equal(connection.answers[0]!.headers['keep-alive'], 'timeout=1');
    const idleSince = performance.now();
    await connection.closedByServer();
    const waited = performance.now() - idleSince;
    assert.ok(waited > 700 && waited < 4000, `closed after ${waited.toFixed(0)} ms idle`);
  });

  it('a request sent on an idle connection just as the shutdown begins is answered with Connection: close, not met by a closed socket', async () => {
    const server = await start();
    const connection = await Connection.open(server.port);
    connection.socket.write(get('/healthz'));
    await connection.answered(1);
    const closed = server.close();
    // The request leaves as the shutdown starts: it is on the wire, not yet read by the server.
    connection.socket.write(get('/healthz'));
    await connection.answered(2);
    assert.deepEqual(connection.answers.map((a) => a.status), [200, 200], 'answered, not cut off');
    assert.equal(connection.answers[1]!.headers.connection, 'close');
    await connection.closedByServer();
    await closed;
    const refused = Connection.open(server.port);
    await assert.rejects(refused, 'a new connection is refused: a client can tell it was never taken');
  });

  it('a shutdown answers what is in flight, each answer with Connection: close, and waits for no timeout', async () => {
    const server = await start();
    const idle = await Connection.open(server.port);
    idle.socket.write(get('/healthz'));
    await idle.answered(1);
    // Two inquiries whose bodies are half sent when the shutdown starts.
    const body = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Sent while the server stops.' });
    const head = `POST /api/v1/inquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const [alone, followed] = [await Connection.open(server.port), await Connection.open(server.port)];
    for (const busy of [alone, followed]) busy.socket.write(head + body.slice(0, 20));
    await sleep(200);
    const started = performance.now();
    const closed = server.close().then(() => performance.now() - started);
    await idle.closedByServer();
    alone.socket.write(body.slice(20));
    // The rest of the body, and a second request right behind it (pipelined, RFC 9112 §9.3.2).
    followed.socket.write(body.slice(20) + get('/healthz'));
    const took = await Promise.race([closed, sleep(3000).then(() => Number.POSITIVE_INFINITY)]);
    assert.ok(took < 3000, `close() took ${took} ms`);
    await Promise.all([alone.closedByServer(), followed.closedByServer()]);
    assert.deepEqual(alone.answers.map((a) => a.status), [201], 'the inquiry in flight is answered, then its connection closed');
    // Though its request began before the shutdown, the answer says the connection ends: a proxy
    // must not send another request on it (RFC 9112 §9.6). The one pipelined behind it is not
    // taken, and its client, seeing the close, sends it again elsewhere (RFC 9112 §9.3.1).
    for (const busy of [alone, followed]) assert.equal(busy.answers[0]!.headers.connection, 'close');
    assert.deepEqual(followed.answers.map((a) => a.status), [201], 'the pipelined request is not taken once the answer before it said close');
  });
});
