import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { startServerProcess } from '../helpers/process.js';

describe('process lifecycle (npm start)', () => {
  it('finishes an in-flight request on SIGTERM, logs every line and exits 0', async () => {
    const proc = startServerProcess({ DEMO_CATALOG: 'true' });
    try {
      const port = (await proc.listening).port!;
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
      proc.cleanup();
    }
  });
});
