import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../src/config.js';
import { createStore } from '../../src/store/create-store.js';
import type { Store } from '../../src/store/ports/index.js';
import { createTestDatabase } from './postgres.js';

export interface OpenedStore {
  store: Store;
  /** where it lives, to open more connections to the same database */
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/** A fresh store of either dialect: a SQLite file in a temporary directory, or a throwaway PostgreSQL database. */
export async function openStore(dialect: 'sqlite' | 'postgres'): Promise<OpenedStore> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-contract-'));
    const config: DatabaseConfig = { kind: 'sqlite', path: join(dir, 'contract.db') };
    const store = createStore(config);
    return {
      store,
      config,
      async drop() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const db = await createTestDatabase();
  const config: DatabaseConfig = { kind: 'postgres', url: db.url };
  const store = createStore(config);
  return {
    store,
    config,
    async drop() {
      await store.close();
      await db.drop();
    },
  };
}
