import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { onProcessEnd } from './cleanup.js';
import { freePort } from './free-port.js';

/**
 * A PostgreSQL cluster of the test's own (Debian's initdb/pg_ctl into a temp directory, on a
 * spare port) that a fault test may stop, kill and restart; the shared server is never touched.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are terminated, new connections refused */
  stop(): void;
  /** `pg_ctl stop -m immediate`: like a crash; recovery replays the WAL on the next start */
  crash(): void;
  start(): void;
  /**
   * SIGSTOP to the postmaster and every process it started: a hung server, as a frozen host or
   * a stalled disk makes one. Connections stay open and accept bytes; nothing answers.
   */
  pause(): void;
  /** SIGCONT to what pause() stopped; safe to call when nothing is paused */
  resume(): void;
  /** stops the cluster (if it runs, resuming it first if paused) and deletes its directory; safe to call twice */
  destroy(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

/** The path of a Debian PostgreSQL client program (pg_dump, pg_restore) of the throwaway cluster's version. */
export function postgresProgram(name: string): string {
  const bin = binDir();
  if (!bin) throw new Error('no /usr/lib/postgresql/*/bin');
  return join(bin, name);
}

/** Skip reason when initdb is not installed (outside CI); under CI its absence is a failure. */
export function skipWithoutInitdb(): string | false {
  if (binDir() !== null) return false;
  if (process.env.CI === 'true') throw new Error('CI needs Debian PostgreSQL binaries (/usr/lib/postgresql/*/bin/initdb) for the fault tests');
  return 'no /usr/lib/postgresql/*/bin/initdb (install postgresql; CI=true makes this a failure)';
}

const asRoot = userInfo().uid === 0;

/** initdb refuses to run as root: run the cluster's commands as the postgres user then. */
function run(bin: string, args: string[]): void {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

/** The postmaster of the cluster in `data` (the first line of its postmaster.pid), checked to be that cluster's. */
function postmasterOf(data: string): number {
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  if (!Number.isInteger(pid) || !command.includes(data)) throw new Error(`postmaster.pid of ${data} names ${pid}, which is not its postmaster`);
  return pid;
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (Number(parent) === pid) children.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return children;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  if (!bin) throw new Error('initdb not found under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  else chownSync(dir, userInfo().uid, userInfo().gid);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60 -c shared_buffers=16MB`;
  let running = false;
  let paused: number[] = [];
  const ctl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '30', ...args]);
  const pg: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      ctl('-o', options, '-l', join(dir, 'server.log'), 'start');
      running = true;
    },
    stop() {
      ctl('-m', 'fast', 'stop');
      running = false;
    },
    crash() {
      ctl('-m', 'immediate', 'stop');
      running = false;
    },
    pause() {
      // The postmaster first, so it forks nothing new while its children are found and stopped.
      const postmaster = postmasterOf(data);
      process.kill(postmaster, 'SIGSTOP');
      paused = [postmaster];
      for (const child of childrenOf(postmaster)) {
        try {
          process.kill(child, 'SIGSTOP');
          paused.push(child);
        } catch {
          // exited while we looked
        }
      }
    },
    resume() {
      for (const pid of paused.reverse()) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // gone meanwhile
        }
      }
      paused = [];
    },
    destroy() {
      // A stopped postmaster would not hear pg_ctl.
      pg.resume();
      if (running) {
        try {
          ctl('-m', 'immediate', 'stop');
        } catch {
          // already gone
        }
        running = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    pg.start();
  } catch (error) {
    pg.destroy();
    throw error;
  }
  // However the test ends, the cluster does not outlive this process.
  onProcessEnd(() => pg.destroy());
  return pg;
}
