import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { onProcessEnd } from './cleanup.js';

/**
 * A tmpfs of a few megabytes mounted for one test, that the test can fill to the last byte
 * (ENOSPC) or remount read-only (EROFS) under a running server, and give back.
 */
export interface SmallFilesystem {
  dir: string;
  /** writes a filler file until the filesystem is full; returns the bytes written */
  fill(): number;
  /** deletes the filler */
  free(): void;
  readOnly(): void;
  readWrite(): void;
  /** unmounts and removes the mount point; safe to call twice */
  destroy(): void;
}

function mountCommand(args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(args[0]!, args.slice(1), { encoding: 'utf8', timeout: 30_000 });
  return { ok: result.status === 0, output: `${result.stderr ?? ''}${result.stdout ?? ''}`.trim() };
}

/** Skip reason when this process may not mount a tmpfs (not root, or a container without CAP_SYS_ADMIN). */
export function skipWithoutMount(): string | false {
  let reason: string | false = false;
  if (userInfo().uid !== 0) reason = 'mounting a small tmpfs needs root';
  else {
    const probe = mkdtempSync(join(tmpdir(), 'vitrine-mount-probe-'));
    const mounted = mountCommand(['mount', '-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    if (mounted.ok) mountCommand(['umount', probe]);
    else reason = `cannot mount a tmpfs here: ${mounted.output}`;
    rmSync(probe, { recursive: true, force: true });
  }
  if (reason && process.env.CI === 'true') throw new Error(`CI runs the disk fault tests as root: ${reason}`);
  return reason;
}

export function mountSmallFilesystem(sizeBytes: number): SmallFilesystem {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-disk-'));
  const mounted = mountCommand(['mount', '-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir]);
  if (!mounted.ok) throw new Error(`mount failed: ${mounted.output}`);
  const filler = join(dir, 'filler');
  let live = true;
  const fs: SmallFilesystem = {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(4096, 0x61);
      let written = 0;
      try {
        for (;;) written += writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
      return written;
    },
    free() {
      rmSync(filler, { force: true });
    },
    readOnly() {
      const result = mountCommand(['mount', '-o', 'remount,ro', dir]);
      if (!result.ok) throw new Error(`remount ro failed: ${result.output}`);
    },
    readWrite() {
      const result = mountCommand(['mount', '-o', 'remount,rw', dir]);
      if (!result.ok) throw new Error(`remount rw failed: ${result.output}`);
    },
    destroy() {
      if (!live) return;
      live = false;
      // Lazy: a process that still holds a file open does not keep the mount alive.
      mountCommand(['umount', '-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  onProcessEnd(() => fs.destroy());
  return fs;
}
