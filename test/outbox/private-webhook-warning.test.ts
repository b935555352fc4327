import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { parseConfig } from '../../src/config.js';
import { knownPrivateHost } from '../../src/outbound/public-address.js';
import { startServer } from '../../src/server.js';

const SECRET = 'whsec_' + Buffer.alloc(32, 7).toString('base64');

/** The log lines of a real start with these settings (the server is closed again). */
async function startLines(env: Record<string, string>): Promise<{ level: number; msg: string; host?: string }[]> {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
  const running = await startServer(parseConfig({ DATABASE_URL: 'sqlite::memory:', PORT: '0', DEMO_CATALOG: 'false', WEBHOOK_SECRET: SECRET, ...env }), { logger: pino({ level: 'info' }, sink) });
  await running.close();
  return lines.map((l) => JSON.parse(l) as { level: number; msg: string; host?: string });
}

describe('a webhook that can only fail is named at start, not at its first delivery', () => {
  it('knownPrivateHost: literal private, loopback and link-local addresses and localhost; names are left to delivery', () => {
    for (const url of ['http://127.0.0.1:9/hook', 'http://10.1.2.3/x', 'http://[::1]:8080/x', 'http://169.254.169.254/latest', 'http://localhost:3000/x', 'http://api.localhost/x']) assert.ok(knownPrivateHost(url), url);
    for (const url of ['https://hooks.example.com/T1/B2/secret', 'https://8.8.8.8/x', 'https://[2001:4860:4860::8888]/x']) assert.equal(knownPrivateHost(url), undefined, url);
  });

  it('warns once per such address, naming its host and never its path', async () => {
    const lines = await startLines({ WEBHOOK_URLS: 'http://127.0.0.1:18648/hooks/s3cr3t-path,https://hooks.example.com/x' });
    const warnings = lines.filter((l) => l.level === 40 && /WEBHOOK_URLS/.test(l.msg));
    assert.deepEqual(warnings.map((w) => w.host), ['127.0.0.1']);
    assert.ok(!lines.some((l) => JSON.stringify(l).includes('s3cr3t-path')), 'the URL\'s path is not logged');
  });

  it('says nothing with WEBHOOK_ALLOW_PRIVATE=true', async () => {
    const lines = await startLines({ WEBHOOK_URLS: 'http://127.0.0.1:18648/hook', WEBHOOK_ALLOW_PRIVATE: 'true' });
    assert.equal(lines.filter((l) => /WEBHOOK_URLS/.test(l.msg)).length, 0);
  });
});
