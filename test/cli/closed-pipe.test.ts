import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { ProjectFields } from '../../src/model/project.js';
import { createStore } from '../../src/store/create-store.js';
import { projectFields } from '../helpers/project-fields.js';

const CLI_MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const NOW = Date.parse('2026-06-01T12:00:00Z');

const project = (n: number): ProjectFields =>
  projectFields({ slug: `long-${n}`, title: `Long project ${n}`, summary: 'A project with a long description.', description: 'We did a great many things. '.repeat(400), industry: 'transport', published_at: '2026-05-01T00:00:00Z' });

describe('vitrine piped into a reader that stops early (`… | head`)', () => {
  let dir: string;
  let databaseUrl: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-pipe-'));
    databaseUrl = `sqlite:${join(dir, 'v.db')}`;
    // Far more than a pipe holds (64 KiB on Linux), so the command is still writing when head exits.
    const store = createStore({ kind: 'sqlite', path: join(dir, 'v.db') });
    await store.migrate();
    let id = 0;
    await store.projects.upsert(Array.from({ length: 40 }, (_, n) => project(n)), NOW, () => `prj_pipe${++id}`);
    await store.outbox.enqueue(Array.from({ length: 2000 }, (_, n) => ({ id: `msg_pipe${n}`, event: 'inquiry.created', resource: `inq_${n}`, channel: 'webhook' as const, target: `https://hooks.example/vitrine/${'x'.repeat(60)}`, payload: '{}', created_at: NOW + n })));
    await store.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** `vitrine ARGS | head -c 100` in bash; the CLI's own status (PIPESTATUS[0]), its stderr, and what head read. */
  function pipedToHead(args: string) {
    const err = join(dir, 'stderr.txt');
    const out = join(dir, 'head.txt');
    const script = `"${process.execPath}" --import tsx "${CLI_MAIN}" ${args} 2>"${err}" | head -c 100 >"${out}"; echo "\${PIPESTATUS[0]}"`;
    const run = spawnSync('bash', ['-c', script], { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    return { status: Number(run.stdout.trim()), stderr: readFileSync(err, 'utf8'), head: readFileSync(out, 'utf8') };
  }

  for (const args of ['export', 'outbox list --limit 2000']) {
    it(`\`vitrine ${args} | head\` ends quietly with 141, as \`cat\` killed by SIGPIPE does, not with an EPIPE stack trace`, () => {
      const run = pipedToHead(args);
      assert.equal(run.stderr, '', 'nothing on stderr');
      assert.equal(run.status, 141);
      assert.equal(run.head.length, 100, 'head read the start of the output');
    });
  }

  it('an output read to its end still exits 0', () => {
    const script = `"${process.execPath}" --import tsx "${CLI_MAIN}" export | wc -c; echo "\${PIPESTATUS[0]}"`;
    const run = spawnSync('bash', ['-c', script], { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    const [bytes, status] = run.stdout.trim().split(/\s+/).map(Number);
    assert.ok(bytes! > 256 * 1024, `${bytes} bytes`);
    assert.equal(status, 0, run.stderr);
  });
});
