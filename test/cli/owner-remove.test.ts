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
    assert.match(configured.stderr, /ana@studio\.example is still an owner through OWNER_EMAILS: remove it there/);
    const unknown = await cli(['owner', 'remove', 'nobody@studio.example']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /was not added with `owner add`/);
    const added = await cli(['owner', 'remove', 'ben@studio.example']);
    assert.equal(added.code, 0);
    assert.match(added.stdout, /ben@studio\.example is no longer an owner added here/);
    assert.doesNotMatch((await cli(['owner', 'list'])).stdout, /ben@/);
  });
});
