import { fstatSync, statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * fdatasync of the WAL on libuv's pool, through a descriptor held open between calls. Opening
 * and closing the file for each sync cost two more trips through the pool, and each trip's
 * completion waits for a turn of a busy event loop before the next step starts: the commit
 * group's answers waited for all three.
 *
 * A held descriptor must still name the WAL: SQLite deletes the file when its last connection
 * closes (the writer reopening after a read-only spell, reopening-database.ts) and creates a
 * new one at the next write. So each sync first compares the descriptor's file with the one
 * at the path (two stat calls, ~2 µs) and opens the new file when they differ. What was
 * committed to a WAL deleted meanwhile is in the database file: the closing connection
 * checkpointed it and synced the file before deleting the WAL.
 */
export class WalSync {
  private handle: FileHandle | null = null;
  private closed = false;

  constructor(private readonly path: string) {}

  async sync(): Promise<void> {
    if (this.handle === null || !sameFile(this.handle.fd, this.path)) {
      const stale = this.handle;
      this.handle = null;
      await stale?.close();
      const opened = await open(this.path, 'r');
      if (this.closed) {
        await opened.close();
        throw new Error('the WAL sync was closed');
      }
      this.handle = opened;
    }
    await this.handle.datasync();
  }

  /** Closes the descriptor (once a sync in flight has returned). */
  async close(): Promise<void> {
    this.closed = true;
    const handle = this.handle;
    this.handle = null;
    await handle?.close();
  }
}

function sameFile(fd: number, path: string): boolean {
  const held = fstatSync(fd);
  const named = statSync(path, { throwIfNoEntry: false });
  return named !== undefined && named.ino === held.ino && named.dev === held.dev;
}
