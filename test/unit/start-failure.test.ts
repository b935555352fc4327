import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { startFailure } from '../../src/store/start-failure.js';
import { createStore } from '../../src/store/create-store.js';
import { postgresAvailable } from '../helpers/postgres.js';
import pino from 'pino';

/** The error a real start throws, or fails the test if it starts. */
async function failedStart(env: Record<string, string>): Promise<{ error: unknown; config: ReturnType<typeof parseConfig> }> {
  const config = parseConfig({ DEMO_CATALOG: 'false', ...env });
  try {
    const running = await startServer(config, { logger: pino({ level: 'silent' }) });
    await running.close();
  } catch (error) {
    return { error, config };
  }
  throw new Error('it started');
}

const pg = await postgresAvailable();

describe('vitrine: failed to start: the line names the setting to change', () => {
  it('a port another process listens on: PORT (or HOST)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { error, config } = await failedStart({ DATABASE_URL: 'sqlite::memory:', PORT: String((taken.address() as AddressInfo).port) });
      assert.match(startFailure(error, config.database), /EADDRINUSE.*: another process listens there; stop it, or set another PORT \(or HOST\)$/);
    } finally {
      taken.close();
    }
  });

  it('an address no interface has: HOST', async () => {
    const { error, config } = await failedStart({ DATABASE_URL: 'sqlite::memory:', HOST: '192.0.2.1', PORT: '0' });
    assert.match(startFailure(error, config.database), /EADDRNOTAVAIL.*: no network interface here has that address; set HOST/);
  });

  it('a SQLite file whose folder cannot be made: DATABASE_URL, with the file and the cause', () => {
    const database = { kind: 'sqlite' as const, path: '/etc/hostname/data/vitrine.db' };
    let error: unknown;
    try {
      createStore(database);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error, 'the store refused the path');
    assert.match(startFailure(error, database), /^cannot create the folder of the SQLite database \/etc\/hostname\/data\/vitrine\.db \((ENOTDIR|EEXIST|EACCES) on \/etc\/hostname[^)]*\): check DATABASE_URL/);
  });

  it('a PostgreSQL database or role that does not exist: DATABASE_URL', { skip: !pg && 'PostgreSQL is not running' }, async () => {
    for (const [url, said] of [['postgres://postgres@127.0.0.1:5432/vitrine_no_such_database', /database "vitrine_no_such_database" does not exist; check DATABASE_URL$/], ['postgres://vitrine_no_such_role@127.0.0.1:5432/postgres', /role "vitrine_no_such_role" does not exist; check DATABASE_URL$/]] as const) {
      const { error, config } = await failedStart({ DATABASE_URL: url });
      assert.match(startFailure(error, config.database), said, url);
    }
  });
});
