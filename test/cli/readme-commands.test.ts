import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { seedIfEmpty } from '../../src/catalog/seed.js';
import { cryptoRandom, ManualClock } from '../../src/lib/clock.js';
import { createStore } from '../../src/store/create-store.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The shell lines of the README's "Owner tools" code block, as written. */
function ownerToolLines(): string[] {
  const section = README.slice(README.indexOf('## Owner tools'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'the Owner tools section has a sh code block');
  return block[1]!.split('\n').filter((line) => line.trim() !== '');
}

function documented(pattern: RegExp): string {
  const line = ownerToolLines().find((l) => pattern.test(l));
  assert.ok(line, `the README documents a line matching ${pattern}`);
  return line;
}

/** Runs one README line in bash, in a directory where `dist/` is this checkout's build. */
function shell(line: string, cwd: string, databasePath: string) {
  return spawnSync('bash', ['-c', line], { cwd, encoding: 'utf8', env: { ...process.env, DATABASE_URL: `sqlite:${databasePath}`, LOG_LEVEL: 'silent' } });
}

async function projectCount(databasePath: string): Promise<number> {
  const store = createStore({ kind: 'sqlite', path: databasePath });
  try {
    await store.migrate();
    return await store.projects.count();
  } finally {
    await store.close();
  }
}

describe('the README\'s owner-tool commands, run as written', () => {
  let dir: string;
  before(() => {
    // The README runs the compiled CLI: build this checkout exactly as `npm run build` does.
    const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    dir = mkdtempSync(join(tmpdir(), 'vitrine-readme-'));
    symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'), 'dir');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('every documented command runs the compiled CLI, never a script that prints npm banners', () => {
    for (const line of ownerToolLines()) assert.match(line, /^(npm run build|node dist\/cli\/main\.js) /, line);
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [name, command] of Object.entries(scripts)) assert.doesNotMatch(command, /src\/cli\//, `npm script "${name}" would run the CLI through tsx`);
  });

  it('the export line writes a JSON file that the import line loads into another database', { timeout: 60_000 }, async () => {
    const source = join(dir, 'source.db');
    const store = createStore({ kind: 'sqlite', path: source });
    await store.migrate();
    await seedIfEmpty(store.projects, DEMO_CATALOG_PATH, new ManualClock(Date.parse('2026-06-01T12:00:00Z')), cryptoRandom);
    await store.close();

    const exportLine = documented(/ export > \S+/);
    const file = / export > (\S+)/.exec(exportLine)![1]!;
    const exported = shell(exportLine, dir, source);
    assert.equal(exported.status, 0, exported.stderr);
    const text = readFileSync(join(dir, file), 'utf8');
    assert.ok(text.startsWith('{'), `the file starts with JSON, not with "${text.slice(0, 40)}"`);
    assert.equal((JSON.parse(text) as { projects: unknown[] }).projects.length, 31);

    const importLine = documented(new RegExp(` import ${file.replace('.', '\\.')}(\\s|$)`));
    const target = join(dir, 'target.db');
    const imported = shell(importLine, dir, target);
    assert.equal(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /31 inserted, 0 updated/);
    assert.equal(await projectCount(target), 31);
  });

  it('help lists every command the README shows', () => {
    const help = shell('node dist/cli/main.js help', dir, join(dir, 'help.db'));
    assert.equal(help.status, 0, help.stderr);
    for (const line of ownerToolLines()) {
      const command = /^node dist\/cli\/main\.js (\S+)/.exec(line)?.[1];
      if (command && command !== 'help') assert.match(help.stdout, new RegExp(`^  ${command} `, 'm'), `help lists ${command}`);
    }
  });
});
