import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from '../../src/cli/run.js';

describe('vitrine owner remove', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-owner-remove-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const env = { DATABASE_URL: `sqlite:${join(dir, 'v.db')}`, OWNER_EMAILS: 'ana@studio.example', LOG_LEVEL: 'silent' };
  const cli = async (args: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, { env, stdout: { write: (t: string) => ((stdout += t), true) }, stderr: { write: (t: string) => ((stderr += t), true) } });
    return { code, stdout, stderr };
  };

  it('fails, saying where, for an owner that OWNER_EMAILS keeps, and for an address never added', async () => {
    assert.equal((await cli(['owner', 'add', 'ben@studio.example'])).code, 0);
    const configured = await cli(['owner', 'remove', 'ana@studio.example']);
    assert.equal(configured.code, 1, 'still an owner afterwards: not done');
    // One line that says where the owner comes from and what to do; not "was not added" first, as if the address were unknown.
    assert.equal(configured.stderr, 'vitrine owner remove: ana@studio.example is configured in OWNER_EMAILS, not added with `owner add`, so it stays an owner; remove it from OWNER_EMAILS and restart the server\n');
    assert.equal(configured.stdout, '');
    const unknown = await cli(['owner', 'remove', 'nobody@studio.example']);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /^vitrine owner remove: nobody@studio\.example was not added with `owner add`, so nothing was removed \(see `vitrine owner list`; an owner named in the server's OWNER_EMAILS is removed there\)\n$/);
    // In both places: the stored one goes, but they are still an owner, so it fails all the same.
    assert.equal((await cli(['owner', 'add', 'Ana@Studio.example'])).code, 0);
    const both = await cli(['owner', 'remove', 'ana@studio.example']);
    assert.equal(both.code, 1);
    assert.match(both.stdout, /^ana@studio\.example is no longer an owner added here; their sessions ended\n$/);
    assert.equal(both.stderr, 'vitrine owner remove: ana@studio.example is still an owner: it is also configured in OWNER_EMAILS; remove it from OWNER_EMAILS and restart the server\n');
    assert.match((await cli(['owner', 'list'])).stdout, /^ana@studio\.example\tconfiguration\n/m);
    const added = await cli(['owner', 'remove', 'ben@studio.example']);
    assert.equal(added.code, 0);
    assert.match(added.stdout, /ben@studio\.example is no longer an owner added here/);
    assert.doesNotMatch((await cli(['owner', 'list'])).stdout, /ben@/);
  });
});
