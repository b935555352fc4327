import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startServerProcess } from '../helpers/process.js';

describe('npm start with PORT=0 and no PUBLIC_URL', () => {
  it('advertises {base_url} with the port actually bound, not :0', async () => {
    const proc = startServerProcess({ DEMO_CATALOG: 'false' });
    try {
      const listening = await proc.listening;
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
      proc.cleanup();
    }
  });
});
