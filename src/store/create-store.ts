import type { DatabaseConfig } from '../config.js';
import type { Store } from './ports/index.js';
import { createPostgresStore } from './postgres/store.js';
import { createSqliteStore } from './sqlite/store.js';

export function createStore(database: DatabaseConfig): Store {
  return database.kind === 'sqlite' ? createSqliteStore(database.path) : createPostgresStore(database.url, { connectTimeoutMs: database.connectTimeoutMs, queryTimeoutMs: database.queryTimeoutMs, idleTimeoutMs: database.idleTimeoutMs });
}
