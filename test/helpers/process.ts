import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LogLine {
  msg: string;
  port?: number;
  url?: string;
  path?: string;
  status?: number;
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** every JSON log line the process has written so far */
  lines: LogLine[];
  /** what the process wrote to stderr (a crash's stack, say) */
  stderr(): string;
  /** the 'vitrine listening' line, once it is written */
  listening: Promise<LogLine>;
  exited: Promise<number | null>;
  /** kills the process if it still runs and removes its data directory */
  cleanup(): void;
}

/**
 * Starts `src/main.ts` as `npm start` would, on a fresh SQLite file on a free port. PUBLIC_URL is
 * removed from the inherited environment so the process derives {base_url} itself.
 */
export function startServerProcess(env: Record<string, string> = {}): ServerProcess {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-proc-'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'v.db')}`, LOG_LEVEL: 'info', ...env };
  delete childEnv.PUBLIC_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: childEnv });
  const lines: LogLine[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<LogLine>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffered.slice(0, newline)) as LogLine;
        buffered = buffered.slice(newline + 1);
        lines.push(line);
        if (line.msg === 'vitrine listening') resolve(line);
      }
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening`)));
  });
  return {
    child,
    lines,
    stderr: () => stderr,
    listening,
    exited,
    cleanup() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
