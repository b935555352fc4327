import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Store } from '../../src/store/ports/index.js';
import { openStore, type OpenedStore } from './open-store.js';
import { skipWithoutPostgres } from './postgres.js';

export interface DialectSuite {
  readonly dialect: 'sqlite' | 'postgres';
  /** the suite's fresh, migrated store (from its first hook on) */
  readonly store: Store;
  /** where that store lives, to open more connections to it */
  readonly opened: OpenedStore;
}

/**
 * A storage contract run against both adapters: one `describe` per dialect around a fresh,
 * migrated store, dropped afterwards; PostgreSQL is skipped when it does not answer (a failure
 * under CI: helpers/postgres.ts). `body` declares the tests and reads the store from `suite`.
 */
export async function describeEachDialect(title: string, body: (suite: DialectSuite) => void): Promise<void> {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' ? await skipWithoutPostgres() : false;
    describe(`${title} (${dialect})`, { skip }, () => {
      let opened: OpenedStore | undefined;
      before(async () => {
        opened = await openStore(dialect);
        await opened.store.migrate();
      });
      after(async () => opened?.drop());
      const started = () => opened ?? assert.fail('the suite has not opened its store yet');
      body({ dialect, get store() { return started().store; }, get opened() { return started(); } });
    });
  }
}
