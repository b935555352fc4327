import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pino from 'pino';
import { createTestIssuer, postForm } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Every secret the flow below handed out or presented, in the raw form a leak would show. */
const secrets: string[] = [];

describe('no raw token, key, secret or assertion is ever stored or logged', () => {
  let server: TestServer;
  const logLines: string[] = [];

  before(async () => {
    const idp = await createTestIssuer();
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer({
      demo: false,
      env: { RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([idp.trustEntry()]) },
      deps: { logger: pino({ level: 'trace' }, stream) },
    });
    const b = server.baseUrl;
    const json = async (res: Response) => (await res.json()) as Record<string, string>;
    const register = (body: unknown) => fetch(`${b}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);

    const pub = await register({ token_endpoint_auth_method: 'none' });
    const conf = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    secrets.push(conf.client_secret!);
    const t1 = await postForm(`${b}/oauth/token`, { grant_type: 'client_credentials', client_id: pub.client_id! });
    const t2 = await postForm(`${b}/oauth/token`, { grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${conf.client_id}:${conf.client_secret}`).toString('base64')}` });
    // With an Idempotency-Key, so the result kept for replays (api_key and token) is at rest too.
    const key = await fetch(`${b}/api/v1/keys`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: '{}' }).then(json);
    const assertion = await idp.sign({ aud: b, email: 'ada@example.com', email_verified: true }, { nowMs: server.clock.now() });
    const t3 = await postForm(`${b}/oauth/claim`, { assertion_type: 'verified_email', assertion });
    secrets.push(String(t1.body.access_token), String(t2.body.access_token), key.api_key!, key.token!, String(t3.body.access_token), assertion);
    // Use the bearers on a write (with and without success) and revoke them all.
    for (const bearer of secrets.slice(1, 6)) {
      await fetch(`${b}/api/v1/sandbox/inquiries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': `k-${bearer.slice(-6)}` },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Checking that nothing leaks.' }),
      });
      await postForm(`${b}/oauth/revoke`, { token: bearer });
      await fetch(`${b}/api/v1/sandbox/inquiries`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: '{}' });
    }
    assert.equal(secrets.length, 7);
    assert.ok(secrets.every((s) => typeof s === 'string' && s.length > 20), 'every step of the flow succeeded');
  });
  after(async () => server.close());

  it('every table of the SQLite database (and its files on disk) holds only hashes', () => {
    const path = (server.config.database as { path: string }).path;
    const db = new Database(path, { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    let text = '';
    for (const { name } of tables) text += JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all());
    db.close();
    assert.ok(text.includes('"kind":"api_key"'), 'the scan saw the credentials table');
    assert.match(text, /"result":"v1\./, 'the scan saw a sealed idempotency result');
    const files = [path, `${path}-wal`].filter(existsSync).map((p) => readFileSync(p).toString('latin1'));
    for (const secret of secrets) {
      assert.equal(text.includes(secret), false, 'a raw secret is in a table');
      for (const file of files) assert.equal(file.includes(secret), false, 'a raw secret is in the database file');
      // Not even the random part without its prefix.
      const body = secret.replace(/^vt_[a-z]+_/, '');
      assert.equal(text.includes(body), false);
    }
  });

  it('the logs record the flow without any secret', () => {
    const logs = logLines.join('');
    assert.match(logs, /"event":"token_issued"/);
    assert.match(logs, /"event":"credential_revoked"/);
    for (const secret of secrets) assert.equal(logs.includes(secret.replace(/^vt_[a-z]+_/, '')), false, 'a secret is in the logs');
  });
});
