import { closeSync, openSync } from 'node:fs';

/**
 * Read and write for the owner only. The database and its backups hold the shared secrets that
 * sign sign-in codes and encrypt stored answers (API keys among them), credential hashes and every
 * inquiry; created with the usual umask (022) they were readable by every account on the host.
 */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `path` empty with PRIVATE_FILE_MODE when there is no file there yet, so that SQLite,
 * which keeps an existing file's mode (and gives its -wal and -shm files the same), opens it.
 * An existing file keeps the mode its operator gave it. Returns whether it made the file; a
 * failure is left to SQLite, whose own error says why the file cannot be made.
 */
export function createPrivateFile(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
    return true;
  } catch {
    return false;
  }
}
