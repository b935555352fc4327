import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

interface LogLine {
  msg: string;
  port?: number;
  path?: string;
  status?: number;
}

/** Starts `src/main.ts` as `npm start` would, on a free port and a fresh SQLite file. */
function startProcess(dir: string): { child: ChildProcessWithoutNullStreams; lines: LogLine[]; listening: Promise<number>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'v.db')}`, LOG_LEVEL: 'info', DEMO_CATALOG: 'true' },
  });
  const lines: LogLine[] = [];
  let resolveListening: (port: number) => void;
  const listening = new Promise<number>((resolve) => (resolveListening = resolve));
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as LogLine;
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      if (line.msg === 'vitrine listening' && line.port) resolveListening(line.port);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, listening, exited };
}

describe('process lifecycle (npm start)', () => {
  it('finishes an in-flight request on SIGTERM, logs every line and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-proc-'));
    const proc = startProcess(dir);
    try {
      const port = await proc.listening;
      const body = JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Sent while the server was asked to stop.' });
      // Start a request and leave its body unfinished, so it is in flight when SIGTERM arrives.
      const answered = new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/inquiries', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          proc.child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 200);
        }, 200);
      });
      assert.equal(await answered, 201, 'the in-flight request completes');
      assert.equal(await proc.exited, 0);
      const messages = proc.lines.map((l) => l.msg);
      assert.ok(messages.includes('shutting down: finishing in-flight requests'));
      assert.equal(messages.at(-1), 'stopped', 'the last line reaches stdout before the process exits (asynchronous logging loses nothing)');
      assert.ok(proc.lines.some((l) => l.msg === 'request' && l.path === '/api/v1/inquiries' && l.status === 201));
    } finally {
      proc.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
