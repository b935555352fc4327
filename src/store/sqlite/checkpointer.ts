import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints on its own, for writes outside the commit groups (the CLI, an import). */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * The worker: its own connection to the file, checkpointing when asked and on a timer. PASSIVE
 * never waits for the writer or readers (https://sqlite.org/c3ref/wal_checkpoint_v2.html); what
 * it cannot copy now it copies next time. CommonJS source, so it runs the same from src/ and dist/.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = () => {
  const db = new Database(workerData.path, { fileMustExist: true });
  db.pragma('synchronous = FULL');
  return db;
};
// Opened at once: a file it cannot open ends the worker, and the writer checkpoints again.
let db = open();
const checkpoint = () => {
  try {
    db ??= open();
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    return result.log === result.checkpointed;
  } catch {
    // A read-only file or a full disk fails the writer too (answered 503). A connection opened
    // while the file was read-only stays so (reopening-database.ts): the next try opens afresh.
    try { db?.close(); } catch {}
    db = null;
    return false;
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return parentPort.postMessage({ complete: checkpoint() });
  clearInterval(timer);
  checkpoint();
  db?.close();
  parentPort.close();
});
`;

export interface CheckpointerOptions {
  path: string;
  /** the worker is gone (it could not open the file, or crashed): the writer must checkpoint again */
  onLost: () => void;
  everyMs?: number;
}

/**
 * Checkpoints of the WAL off the event loop (issue 17). SQLite checkpoints by itself inside a
 * COMMIT once the WAL passes 1,000 pages: it copies the pages into the database file and fsyncs
 * the WAL and the file (https://sqlite.org/wal.html#automatic_checkpoint), on the thread that
 * committed. Under a load of inquiries that was one commit in ~40, each holding the event loop
 * 2–9 ms (p99 of all commits 3.4–4.3 ms, p50 80 µs). The writer connection turns automatic
 * checkpoints off (`wal_autocheckpoint = 0`) and this worker thread, with a connection of its
 * own, does them. The WAL starts over only after a checkpoint that copied every frame, which
 * never happens while the writer keeps appending (a worker on a timer alone let the WAL grow to
 * 1.7 GB in 18 s of inquiries): the commit groups therefore pause between two groups for a
 * checkpoint() every so often (group-commit.ts), the event loop serving all the while. Should the
 * worker go, `onLost` hands checkpoints back to the writer, so the WAL never grows without bound.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private closing = false;
  private lost = false;
  private readonly waiting: ((complete: boolean) => void)[] = [];

  constructor(private readonly options: CheckpointerOptions) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path: options.path, driver, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS } });
    // It must not keep a process alive whose store was never closed (a CLI command that ends).
    this.worker.unref();
    this.worker.on('message', (reply: { complete: boolean }) => {
      this.waiting.shift()?.(reply.complete);
      if (this.waiting.length === 0) this.worker.unref();
    });
    this.worker.on('error', () => this.handOver());
    this.worker.on('exit', () => this.handOver());
  }

  /** Whether the worker still checkpoints (false once it is lost or closed). */
  get active(): boolean {
    return !this.lost && !this.closing;
  }

  /** A PASSIVE checkpoint on the worker; resolves whether it copied every frame (false if the worker is gone). */
  checkpoint(): Promise<boolean> {
    if (!this.active) return Promise.resolve(false);
    return new Promise((resolve) => {
      // Awaited, the answer must keep the process alive (a CLI command has nothing else running).
      this.worker.ref();
      this.waiting.push(resolve);
      this.worker.postMessage('checkpoint');
    });
  }

  /** A last checkpoint, then the worker's connection closes and the thread ends. */
  async close(): Promise<void> {
    if (this.closing || this.lost) return;
    this.closing = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
    this.settleWaiting();
  }

  private handOver(): void {
    this.settleWaiting();
    if (this.closing || this.lost) return;
    this.lost = true;
    this.options.onLost();
  }

  private settleWaiting(): void {
    for (const resolve of this.waiting.splice(0)) resolve(false);
  }
}
