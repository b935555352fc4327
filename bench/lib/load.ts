/**
 * Shared by the bench scripts: start a vitrine (or baseline) server script in a child process,
 * load it with autocannon, and read the server's own CPU time per request over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
// autocannon ships no types; the bench is outside the type-checked tree.
import autocannon from 'autocannon';
import { ourServer } from './server-process.js';

export interface Child {
  process: ChildProcess;
  port: number;
  request<T>(message: Record<string, unknown>, reply: string): Promise<T>;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

export interface Load {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** a fresh Idempotency-Key on every request */
  uniqueKey?: boolean;
  /** a distinct query string on every request (e.g. `q=` + a word): defeats the response cache */
  distinct?: (n: number) => string;
  connections?: number;
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  cpuUsPerRequest: number;
}

/** `script` of `root`/bench/lib (or an absolute path) in a child process; `extraArgs` for node. */
/** `script` 'our-server' is `root`'s compiled vitrine (bench/lib/server-process.ts). */
export async function startChild(root: string, script: string, env: Record<string, string>, extraArgs: string[] = []): Promise<Child> {
  const server = script === 'our-server' ? ourServer(root) : undefined;
  const path = server?.script ?? (script.startsWith('/') ? script : join(root, 'bench', 'lib', script));
  const execArgv = server ? [...server.execArgv, ...extraArgs] : ['--import', 'tsx', ...extraArgs];
  const child = fork(path, [], { cwd: root, execArgv, env: { ...process.env, ...env, ...server?.env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const request = <T>(message: Record<string, unknown>, reply: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== reply) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (Object.keys(message).length > 0) child.send(message);
    });
  const { port } = await request<{ port: number }>({}, 'ready');
  return {
    process: child,
    port,
    request,
    async cpuMicros() {
      const { usage } = await request<{ usage: NodeJS.CpuUsage }>({ type: 'cpu' }, 'cpu');
      return usage.user + usage.system;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

let keys = 0;

export function load(port: number, spec: Load, seconds: number): Promise<Omit<Measured, 'cpuUsPerRequest'>> {
  const base = `http://127.0.0.1:${port}${spec.url}`;
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: spec.connections ?? 20,
        duration: seconds,
        method: spec.method ?? 'GET',
        headers: spec.headers,
        body: spec.body,
        ...(spec.uniqueKey || spec.distinct
          ? {
              requests: [
                {
                  setupRequest: (req: Record<string, unknown>) => ({
                    ...req,
                    ...(spec.distinct ? { path: `${spec.url}${spec.url.includes('?') ? '&' : '?'}${spec.distinct(++n)}` } : {}),
                    ...(spec.uniqueKey ? { headers: { ...spec.headers, 'idempotency-key': `bench-${process.pid}-${++keys}` } } : {}),
                  }),
                },
              ],
            }
          : {}),
      },
      (err: Error | null, r: { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; '2xx': number }) =>
        err ? reject(err) : resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r['2xx'] + r.non2xx, non2xx: r.non2xx, errors: r.errors }),
    );
  });
}

/** Warm-up, then a measured run with the server's CPU time per request. */
export async function measure(child: Child, spec: Load, seconds: number, warmup: number): Promise<Measured> {
  if (warmup > 0) await load(child.port, spec, warmup);
  const before = await child.cpuMicros();
  const result = await load(child.port, spec, seconds);
  const after = await child.cpuMicros();
  return { ...result, cpuUsPerRequest: result.total > 0 ? (after - before) / result.total : Number.NaN };
}

/** The measurement with the median CPU per request. */
export function median(results: Measured[]): Measured {
  return [...results].sort((a, b) => a.cpuUsPerRequest - b.cpuUsPerRequest)[Math.floor(results.length / 2)]!;
}
