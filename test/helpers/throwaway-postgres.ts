import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
  /** stops the cluster (if it runs) and deletes its directory; safe to call twice */
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
    destroy() {
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
