import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from '../../src/cli/run.js';
import { describeDatabase } from '../../src/cli/io.js';

async function cli(args: string[], env: Record<string, string>, tty = false) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { LOG_LEVEL: 'silent', ...env },
    stdout: { write: (t: string) => ((stdout += t), true) },
    stderr: Object.assign({ write: (t: string) => ((stderr += t), true) }, tty ? { isTTY: true } : {}),
  });
  return { code, stdout, stderr };
}

describe('CLI commands and a database that is not there', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-cli-db-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a command that reads or manages data refuses to make an empty database, naming the file and DATABASE_URL', async () => {
    const missing = join(dir, 'not-the-servers.db');
    for (const args of [['inquiries', 'list'], ['outbox', 'list'], ['owner', 'list'], ['export'], ['owner', 'login-link', 'ana@studio.example']]) {
      const { code, stdout, stderr } = await cli(args, { DATABASE_URL: `sqlite:${missing}` });
      assert.equal(code, 2, args.join(' '));
      assert.equal(stdout, '');
      assert.match(stderr, new RegExp(`there is no database at sqlite:${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; set DATABASE_URL`));
      assert.equal(existsSync(missing), false, `${args.join(' ')} made no file`);
    }
  });

  it('a PostgreSQL that cannot be reached is named with the driver\'s code and DATABASE_URL, not the clients\' "retry shortly" (exit 1)', async () => {
    for (const args of [['owner', 'list'], ['migrate'], ['inquiries', 'list']]) {
      const { code, stdout, stderr } = await cli(args, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/vitrine', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
      assert.equal(code, 1, args.join(' '));
      assert.equal(stdout, '');
      assert.equal(stderr, `vitrine ${args[0]}: the database cannot be reached (ECONNREFUSED); check DATABASE_URL\n`);
    }
  });

  it('backup refuses a database that is not there the same way, and makes no backup', async () => {
    const missing = join(dir, 'elsewhere.db');
    const { code, stdout, stderr } = await cli(['backup', join(dir, 'backup.db')], { DATABASE_URL: `sqlite:${missing}` });
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, `vitrine: there is no database at sqlite:${missing}; set DATABASE_URL to the one the server uses (the server makes its database when it first starts)\n`);
    assert.equal(existsSync(missing), false);
    assert.equal(existsSync(join(dir, 'backup.db')), false);
  });

  it('migrate, backup and restore name their database on a terminal too; migrate and restore may make it', async () => {
    const made = join(dir, 'migrated.db');
    const migrated = await cli(['migrate'], { DATABASE_URL: `sqlite:${made}` }, true);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.equal(migrated.stderr, `database: sqlite:${made}\n`);
    const backup = await cli(['backup', join(dir, 'copy.db')], { DATABASE_URL: `sqlite:${made}` }, true);
    assert.equal(backup.code, 0, backup.stderr);
    assert.equal(backup.stderr, `database: sqlite:${made}\n`);
    const restoredInto = join(dir, 'restored.db');
    const restored = await cli(['restore', join(dir, 'copy.db')], { DATABASE_URL: `sqlite:${restoredInto}` }, true);
    assert.equal(restored.code, 0, restored.stderr);
    assert.equal(restored.stderr, `database: sqlite:${restoredInto}\n`);
    assert.ok(existsSync(restoredInto));
  });

  it('commands that fill a database still make one: import, owner add; a terminal is told which database', async () => {
    const fresh = join(dir, 'fresh.db');
    const added = await cli(['owner', 'add', 'ana@studio.example'], { DATABASE_URL: `sqlite:${fresh}` }, true);
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stderr, new RegExp(`^database: sqlite:${fresh.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`), 'on a terminal, the database is named');
    const listed = await cli(['owner', 'list'], { DATABASE_URL: `sqlite:${fresh}` });
    assert.equal(listed.code, 0);
    assert.equal(listed.stderr, '', 'a script\'s stderr stays quiet');
    assert.match(listed.stdout, /ana@studio\.example/);
    const file = join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify({ projects: [] }));
    const imported = await cli(['import', file], { DATABASE_URL: `sqlite:${join(dir, 'imported.db')}` });
    assert.equal(imported.code, 0, imported.stderr);
    assert.ok(existsSync(join(dir, 'imported.db')));
  });

  it('names a PostgreSQL database without its password', () => {
    assert.equal(describeDatabase({ kind: 'postgres', url: 'postgres://vitrine:s3cret@db.internal:5432/vitrine' }), 'postgres://vitrine@db.internal:5432/vitrine');
    assert.equal(describeDatabase({ kind: 'postgres', url: 'postgres://vitrine@db.internal:5432/vitrine?sslmode=require&password=s3cret' }), 'postgres://vitrine@db.internal:5432/vitrine?sslmode=require', 'nor one given as a parameter');
    assert.equal(describeDatabase({ kind: 'sqlite', path: 'data/vitrine.db' }), `sqlite:${join(process.cwd(), 'data/vitrine.db')}`);
  });
});
