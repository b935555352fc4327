import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { onProcessEnd } from './cleanup.js';
import { freePort } from './free-port.js';

/** A redis-server of the test's own on a spare port, without persistence, that a fault test may stop and restart. */
export interface ThrowawayRedis {
  url: string;
  port: number;
  /** SIGKILL: the server vanishes with every key */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT: the server hangs (connections stay open, nothing is answered), then goes on */
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
}

export function skipWithoutRedisServer(): string | false {
  if (spawnSync('redis-server', ['--version']).status === 0) return false;
  if (process.env.CI === 'true') throw new Error('CI needs redis-server on PATH for the fault tests');
  return 'redis-server is not installed (CI=true makes this a failure)';
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = server;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    });
  };
  const stop = async () => {
    const server = child;
    if (!server || server.exitCode !== null) return;
    const gone = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await gone;
    child = null;
  };
  await start();
  onProcessEnd(() => child?.kill('SIGKILL'));
  const signal = (name: NodeJS.Signals) => () => void (child as ChildProcess | null)?.kill(name);
  return { url: `redis://127.0.0.1:${port}`, port, start, stop, pause: signal('SIGSTOP'), resume: signal('SIGCONT'), destroy: async () => (signal('SIGCONT')(), stop()) };
}
