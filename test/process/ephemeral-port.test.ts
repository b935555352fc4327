import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

interface LogLine {
  msg: string;
  port?: number;
  url?: string;
}

describe('npm start with PORT=0 and no PUBLIC_URL', () => {
  it('advertises {base_url} with the port actually bound, not :0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-port0-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'v.db')}`, LOG_LEVEL: 'info', DEMO_CATALOG: 'false' };
    delete env.PUBLIC_URL; // so the inherited environment cannot configure it
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env });
    try {
      const listening = await new Promise<LogLine>((resolve, reject) => {
        let buffered = '';
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('utf8');
          let newline: number;
          while ((newline = buffered.indexOf('\n')) >= 0) {
            const line = JSON.parse(buffered.slice(0, newline)) as LogLine;
            buffered = buffered.slice(newline + 1);
            if (line.msg === 'vitrine listening') resolve(line);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code} before listening`)));
      });
      const port = listening.port!;
      assert.ok(port > 0);
      const base = `http://127.0.0.1:${port}`;
      assert.equal(listening.url, base, 'the log names the real URL');

      const write = await fetch(`${base}/api/v1/inquiries`, {
        method: 'POST',
        headers: { authorization: 'Bearer not-a-real-token', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Does the challenge name the real port?' }),
      });
      assert.equal(write.status, 401);
      assert.equal(write.headers.get('www-authenticate')?.includes(`resource_metadata="${base}/.well-known/oauth-protected-resource"`), true, String(write.headers.get('www-authenticate')));

      const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as { issuer: string; token_endpoint: string };
      assert.equal(metadata.issuer, base);
      assert.equal(metadata.token_endpoint, `${base}/oauth/token`);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
