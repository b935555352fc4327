import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely';
import { StoreUnavailableError } from '../../lib/errors.js';

/**
 * When the database cannot answer (down, restarting, unreachable, out of disk, read-only), every
 * caller gets one error it knows: a StoreUnavailableError, which the HTTP layer answers as a 503
 * problem with Retry-After (RFC 9110 §15.6.4, §10.2.3; lib/errors.ts), MCP as an `isError` result and OAuth
 * endpoints as `temporarily_unavailable`. Errors about the data (a constraint, a bad query)
 * pass through unchanged: those are bugs or conflicts, not outages.
 */

/** Socket-level failures on the way to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * PostgreSQL SQLSTATEs (Appendix A of its manual) that mean "not now" rather than "not this":
 * class 08 connection exceptions, 53 insufficient resources (disk full, too many connections),
 * 57P01–57P03 shutdown and startup, 57014 a statement cancelled by statement_timeout, and 25006
 * a read-only server (a standby, or one promoted away from under us).
 */
function isPostgresUnavailable(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code === '57P01' || code === '57P02' || code === '57P03' || code === '57014' || code === '25006';
}

/** SQLite result codes for a busy, full, read-only or failing file (better-sqlite3 puts them in `code`). */
function isSqliteUnavailable(code: string): boolean {
  return /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN|PROTOCOL|NOLFS)/.test(code);
}

/** node-postgres reports a lost connection or its own timeouts by message only. */
const PG_CLIENT_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /^Query read timeout/, /not queryable/, /^Client was closed/, /^Cannot use a pool after calling end/];

/** The label to log when `error` means the database cannot answer right now; null otherwise. */
export function unavailableReason(error: unknown): string | null {
  if (error instanceof StoreUnavailableError) return error.reason;
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || isSqliteUnavailable(code)) return code;
    if (/^[0-9A-Z]{5}$/.test(code) && isPostgresUnavailable(code)) return code;
  }
  const message = error.message;
  const known = PG_CLIENT_MESSAGES.find((pattern) => pattern.test(message));
  return known ? message.slice(0, 60) : null;
}

function mapped(error: unknown): unknown {
  const reason = unavailableReason(error);
  return reason === null || error instanceof StoreUnavailableError ? error : new StoreUnavailableError(reason);
}

/** Runs `work`, mapping its outage errors; better-sqlite3's driver throws synchronously, pg rejects. */
async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapped(error);
  }
}

/** guard() for a synchronous read beside Kysely (sqlite/direct-reads.ts). */
export function guardNow<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw mapped(error);
  }
}

/** The same connection, with outage errors of its queries mapped. */
class GuardedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
    return guard(() => this.inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: Parameters<DatabaseConnection['streamQuery']>[0], chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * SQLite rolls a transaction back by itself on SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY and
 * SQLITE_NOMEM (https://sqlite.org/lang_transaction.html, "Response To Errors Within A
 * Transaction"); the ROLLBACK that follows then fails with "no transaction is active", and that
 * error would hide the one that said why (a full disk would become a 500). Rolled back is rolled back.
 */
function ignoreRolledBack(error: unknown): void {
  if (error instanceof Error && /no transaction is active/.test(error.message)) return;
  throw error;
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection => (connection instanceof GuardedConnection ? connection.inner : connection);

/**
 * Wraps a driver: acquiring a connection and every statement (transaction control included, since
 * drivers run BEGIN/COMMIT through the connection handed to them) map outage errors.
 */
class GuardedDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init = () => guard(() => this.inner.init());
  acquireConnection = async () => new GuardedConnection(await guard(() => this.inner.acquireConnection()));
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) => guard(() => this.inner.beginTransaction(connection, settings));
  commitTransaction = (connection: DatabaseConnection) => guard(() => this.inner.commitTransaction(connection));
  rollbackTransaction = (connection: DatabaseConnection) => guard(() => this.inner.rollbackTransaction(connection)).catch(ignoreRolledBack);
  savepoint: Driver['savepoint'] = (connection, name, compile) => guard(() => this.inner.savepoint!(connection, name, compile));
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => guard(() => this.inner.rollbackToSavepoint!(connection, name, compile));
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => guard(() => this.inner.releaseSavepoint!(connection, name, compile));
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(unwrap(connection));
  destroy = () => this.inner.destroy();
}

/** `dialect` whose driver reports outages as StoreUnavailableError. */
export function guardedDialect(dialect: Dialect): Dialect {
  return {
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
  };
}
