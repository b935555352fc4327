import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../../src/cli/run.js';
import { PROGRESS_THRESHOLD } from '../../src/cli/progress.js';

async function importWith(root: string, database: string, isTTY: boolean): Promise<{ code: unknown; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['import', root], {
    env: { DATABASE_URL: `sqlite:${database}`, LOG_LEVEL: 'silent' },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { isTTY, write: (t: string) => (stderr += t) } as { write(t: string): unknown },
  });
  return { code, stdout, stderr };
}

describe('vitrine import DIR shows progress for large catalogs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-progress-'));
  const big = join(dir, 'big');
  const small = join(dir, 'small');
  const page = (n: number) => `---\ntitle: Project ${n}\nsummary: Number ${n}.\nindustry: retail\nyear: 2020\n---\n\nBody ${n}.\n`;
  before(() => {
    for (let n = 0; n < PROGRESS_THRESHOLD + 20; n++) {
      mkdirSync(join(big, 'projects', `p-${n}`), { recursive: true });
      writeFileSync(join(big, 'projects', `p-${n}`, 'index.md'), page(n));
    }
    mkdirSync(join(small, 'projects', 'one'), { recursive: true });
    writeFileSync(join(small, 'projects', 'one', 'index.md'), page(1));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('draws a bar in place on a terminal', async () => {
    const res = await importWith(big, join(dir, 'tty.db'), true);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, /\rreading \[#{30}\] 320\/320\n/);
    assert.match(res.stderr, /\rreading \[#{15}\.{15}\] 160\/320/);
    assert.match(res.stdout, /320 created/);
  });

  it('prints plain lines otherwise, and nothing for a small catalog', async () => {
    const res = await importWith(big, join(dir, 'plain.db'), false);
    assert.equal(res.code, 0, res.stderr);
    assert.doesNotMatch(res.stderr, /\r/);
    assert.deepEqual(res.stderr.split('\n').filter(Boolean).slice(0, 3), ['reading: 32/320', 'reading: 64/320', 'reading: 96/320']);
    assert.match(res.stderr, /reading: 320\/320\n/);
    const quiet = await importWith(small, join(dir, 'small.db'), false);
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
  });
});
