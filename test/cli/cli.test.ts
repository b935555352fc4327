import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { projectInputSchema } from '../../src/catalog/project.js';
import { runCli } from '../../src/cli/run.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createStore } from '../../src/store/create-store.js';

const CLI_MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

interface Run {
  code: number | 'serving';
  stdout: string;
  stderr: string;
}

async function vitrine(databasePath: string, ...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    env: { DATABASE_URL: `sqlite:${databasePath}`, LOG_LEVEL: 'silent' },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    clock: new ManualClock(Date.parse('2026-06-01T12:00:00Z')),
  });
  return { code, stdout, stderr };
}

describe('vitrine CLI', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('migrate applies the numbered migrations once, then nothing', async () => {
    const db = join(dir, 'migrate.db');
    const first = await vitrine(db, 'migrate');
    assert.equal(first.code, 0);
    assert.match(first.stdout, /applied 13 migration\(s\): 001_catalog, 002_auth, 003_inquiries, 004_secrets, 005_idempotency_results, 006_owner_side, 007_authorization_code, 008_studio_and_editing, 009_media, 010_access_token_expiry, 011_project_pages, 012_code_redirect_named, 013_credentials_client_unused\n/);
    const second = await vitrine(db, 'migrate');
    assert.equal(second.code, 0);
    assert.match(second.stdout, /no migrations applied/);
  });

  it('import names every invalid record and field, exits 1 and writes nothing', async () => {
    const db = join(dir, 'bad.db');
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        projects: [
          { slug: 'fine-project', title: 'Fine', summary: 'ok', industry: 'retail', year: 2020 },
          { slug: 'too-long', title: 'Long', summary: 'x'.repeat(281), industry: 'retail', year: 2020 },
          { slug: 'Bad Slug', title: 'Bad', summary: 'ok', industry: 'retail', year: 1900, colour: 'red' },
          { slug: 'fine-project', title: 'Again', summary: 'ok', industry: 'retail', year: 2020 },
        ],
      }),
    );
    const run = await vitrine(db, 'import', file);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    const lines = run.stderr.split('\n');
    assert.ok(lines.some((l) => l.trim().startsWith('projects[1] (slug "too-long").summary:')), run.stderr);
    assert.ok(lines.some((l) => l.trim().startsWith('projects[2] (slug "Bad Slug").slug:')), run.stderr);
    assert.ok(lines.some((l) => l.trim().startsWith('projects[2] (slug "Bad Slug").year:')), run.stderr);
    assert.ok(lines.some((l) => l.trim() === 'projects[2] (slug "Bad Slug").colour: unknown field'), run.stderr);
    assert.ok(lines.some((l) => l.trim() === 'projects[3] (slug "fine-project").slug: duplicate slug in file'), run.stderr);
    const store = createStore({ kind: 'sqlite', path: db });
    try {
      await store.migrate();
      assert.equal(await store.projects.count(), 0, 'an invalid file imports nothing, not even its valid records');
    } finally {
      await store.close();
    }
  });

  it('import reports a file that is not JSON or not the catalog shape', async () => {
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, '{"projects": [');
    const a = await vitrine(join(dir, 'x.db'), 'import', notJson);
    assert.equal(a.code, 1);
    assert.match(a.stderr, /not\.json/);
    const wrongShape = join(dir, 'shape.json');
    writeFileSync(wrongShape, '[1, 2]');
    const b = await vitrine(join(dir, 'x.db'), 'import', wrongShape);
    assert.equal(b.code, 1);
    assert.match(b.stderr, /projects: is required: a list of projects/);
    const missing = await vitrine(join(dir, 'x.db'), 'import', join(dir, 'missing.json'));
    assert.equal(missing.code, 1);
  });

  it('import inserts, then updates by slug what changed and writes nothing else', async () => {
    const db = join(dir, 'upsert.db');
    const first = await vitrine(db, 'import', DEMO_CATALOG_PATH);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /: studio profile created, 31 inserted, 0 updated, 0 unchanged\n$/);
    const exported = join(dir, 'upsert-export.json');
    assert.equal((await vitrine(db, 'export', exported)).code, 0);
    /** Each project's revision (what its ETag carries): a rewrite bumps it. */
    const revisions = async () => {
      const store = createStore({ kind: 'sqlite', path: db });
      try {
        return await Promise.all(['atlas-regional-trip-planner', 'ledgerly-payments-dashboard'].map(async (slug) => (await store.projects.getAny(slug))?.revision));
      } finally {
        await store.close();
      }
    };
    const before = await revisions();
    assert.ok(before.every((r) => typeof r === 'number'), JSON.stringify(before));
    // The same file again, and the export where it came from: nothing to write.
    for (const path of [DEMO_CATALOG_PATH, exported]) {
      const again = await vitrine(db, 'import', path);
      assert.match(again.stdout, /: studio profile unchanged, 0 inserted, 0 updated, 31 unchanged\n$/, path);
    }
    assert.deepEqual(await revisions(), before, 'no project was rewritten');
    // One project edited: that one is updated, the rest left alone.
    const file = JSON.parse(readFileSync(exported, 'utf8')) as { projects: { title: string; updated_at?: string }[] };
    file.projects[0]!.title = 'A new title for the first project';
    delete file.projects[0]!.updated_at;
    writeFileSync(exported, JSON.stringify(file));
    const edited = await vitrine(db, 'import', exported);
    assert.match(edited.stdout, /: studio profile unchanged, 0 inserted, 1 updated, 30 unchanged\n$/);
  });

  it('export writes the import format and round-trips through a fresh database', async () => {
    const db1 = join(dir, 'round-1.db');
    const db2 = join(dir, 'round-2.db');
    await vitrine(db1, 'import', DEMO_CATALOG_PATH);
    const exported = join(dir, 'export-1.json');
    const run = await vitrine(db1, 'export', exported);
    assert.equal(run.code, 0);
    assert.match(run.stderr, /exported 31 project\(s\)/);
    const text1 = readFileSync(exported, 'utf8');
    const file = JSON.parse(text1) as { studio: unknown; projects: Record<string, unknown>[] };
    assert.deepEqual(Object.keys(file), ['studio', 'projects']);
    assert.equal((file.studio as { name: string }).name, 'Larchwood Studio', 'the studio profile travels with the catalog');
    assert.equal(file.projects.length, 31, 'unpublished projects are exported too');
    for (const p of file.projects) {
      assert.equal('links' in p, false, 'no API-only fields');
      assert.ok(projectInputSchema.safeParse(p).success, `${String(p.slug)} is a valid import record`);
    }
    assert.equal((await vitrine(db2, 'import', exported)).code, 0);
    const stdout = await vitrine(db2, 'export');
    assert.equal(stdout.code, 0);
    assert.equal(stdout.stdout, text1, 'export → import → export is the same file (ids and timestamps kept)');
  });

  it('export FILE refuses an existing file unless given --force, as backup and export --folder refuse theirs; stdout is unchanged', async () => {
    const db = join(dir, 'overwrite.db');
    await vitrine(db, 'import', DEMO_CATALOG_PATH);
    const existing = join(dir, 'existing.json');
    writeFileSync(existing, 'an earlier export, or anything else');
    const refused = await vitrine(db, 'export', existing);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr, `vitrine export: ${existing} already exists; name a new file, or pass --force to overwrite it\n`);
    assert.equal(readFileSync(existing, 'utf8'), 'an earlier export, or anything else', 'the file is left as it was');

    const forced = await vitrine(db, 'export', existing, '--force');
    assert.equal(forced.code, 0, forced.stderr);
    const stdout = await vitrine(db, 'export');
    assert.equal(stdout.code, 0);
    assert.equal(readFileSync(existing, 'utf8'), stdout.stdout, 'the same text as export to stdout');

    const folder = await vitrine(db, 'export', dir);
    assert.equal(folder.code, 1);
    assert.match(folder.stderr, /is a folder; export --folder DIR/);
    for (const argv of [['export', '--force'], ['export', '--folder', join(dir, 'new-folder'), '--force']]) {
      const run = await vitrine(db, ...argv);
      assert.equal(run.code, 2, argv.join(' '));
      assert.match(run.stderr, /--force/);
    }
  });

  it('inquiries prints the newest inquiries as JSON lines', async () => {
    const db = join(dir, 'inquiries.db');
    const store = createStore({ kind: 'sqlite', path: db });
    await store.migrate();
    for (const [id, at] of [['inq_a', '2026-06-01T10:00:00Z'], ['inq_b', '2026-06-01T11:00:00Z']] as const) {
      await store.inquiries.insert({ id, name: 'Ada', email: 'ada@example.com', company: null, message: 'Hello there, a project please.', project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: at, credential: null, identity_type: null, subject: null });
    }
    await store.close();
    const all = await vitrine(db, 'inquiries', 'list', '--format', 'json');
    assert.equal(all.code, 0);
    assert.deepEqual(all.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), ['inq_b', 'inq_a']);
    const one = await vitrine(db, 'inquiries', '--limit', '1', '--format', 'json');
    assert.deepEqual(one.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), ['inq_b']);
    assert.equal((await vitrine(db, 'inquiries', '--limit', '0')).code, 2);
  });

  it('inquiries list and show print a sender\'s control characters as escapes, not to the terminal; json keeps them exact', async () => {
    const db = join(dir, 'inquiries-controls.db');
    const store = createStore({ kind: 'sqlite', path: db });
    await store.migrate();
    // Cursor up and erase a line, red text, an OSC 52 clipboard write, a window title, a bidi override.
    const message = 'line1\u001b[1A\u001b[2K\u001b[31mFAKE: all good\u001b[0m \u001b]52;c;ZWNobw==\u0007 \u009b2J \u202eevil\r\nline2\ttabbed';
    await store.inquiries.insert({ id: 'inq_ctl', name: 'Mallory', email: 'm@example.com', company: null, message, project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: '2026-06-01T10:00:00Z', credential: null, identity_type: null, subject: null });
    await store.close();
    // eslint-disable-next-line no-control-regex
    const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
    const shown = await vitrine(db, 'inquiries', 'show', 'inq_ctl');
    assert.equal(shown.code, 0);
    assert.doesNotMatch(shown.stdout, raw);
    assert.match(shown.stdout, /line1\\x1b\[1A\\x1b\[2K\\x1b\[31mFAKE: all good\\x1b\[0m \\x1b\]52;c;ZWNobw==\\x07 \\x9b2J \\u202eevil\n {2}line2\ttabbed/);
    const listed = await vitrine(db, 'inquiries', 'list');
    assert.doesNotMatch(listed.stdout, raw);
    assert.match(listed.stdout, /\\x1b\[1A/);
    const json = await vitrine(db, 'inquiries', 'show', 'inq_ctl', '--format', 'json');
    assert.equal((JSON.parse(json.stdout) as { message: string }).message, message);
  });

  it('exits 2 with usage for unknown commands, bad arguments and bad configuration', async () => {
    const db = join(dir, 'usage.db');
    for (const argv of [['frobnicate'], ['import'], ['import', 'a.json', 'b.json'], ['export', '--verbose'], []]) {
      const run = await vitrine(db, ...argv);
      assert.equal(run.code, 2, argv.join(' '));
      assert.match(run.stderr, /usage: vitrine/);
    }
    const help = await vitrine(db, '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /usage: vitrine/);
    // A command's --help is its usage, even where an argument is expected (`owner remove --help`).
    for (const argv of [['backup', '--help'], ['owner', 'remove', '--help'], ['owner', 'token', 'revoke', '-h'], ['inquiries', 'list', '--help'], ['serve', '--help']]) {
      const run = await vitrine(join(dir, 'help.db'), ...argv);
      assert.equal(run.code, 0, argv.join(' '));
      assert.equal(run.stderr, '', argv.join(' '));
      assert.ok(run.stdout.split('\n').filter((line) => /^ {2}\S/.test(line)).every((line) => line.startsWith(`  ${argv[0]} `)), run.stdout);
      assert.match(run.stdout, new RegExp(`^  ${argv.filter((arg) => !arg.startsWith('-')).join(' ')}`, 'm'));
    }
    let stderr = '';
    const code = await runCli(['migrate'], { env: { DATABASE_URL: 'mysql://nope' }, stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } });
    assert.equal(code, 2);
    assert.match(stderr, /DATABASE_URL/);
  });

  it('runs as a process: the exit code and messages reach the shell', () => {
    assert.ok(readFileSync(CLI_MAIN, 'utf8').startsWith('#!/usr/bin/env node\n'), 'dist/cli/main.js keeps the shebang');
    const file = join(dir, 'bad-process.json');
    writeFileSync(file, JSON.stringify({ projects: [{ slug: 'x', title: 'X', summary: 'ok', industry: 'retail', year: 'recent' }] }));
    const result = spawnSync(process.execPath, ['--import', 'tsx', CLI_MAIN, 'import', file], {
      env: { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'process.db')}` },
      encoding: 'utf8',
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /projects\[0\] \(slug "x"\)\.year: /);
  });
});
