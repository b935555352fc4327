import { spawn } from 'node:child_process';
import { runCli } from '../../src/cli/run.js';
import type { TestServer } from './server.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a `vitrine` command in-process against a test server's database, with the environment
 * an operator's shell would share with the server (its database, public URL and owners) and
 * the server's clock, so expiries line up.
 */
export async function cliAgainst(server: TestServer, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const database = server.config.database;
  const code = await runCli(args, {
    env: {
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
      PUBLIC_URL: server.config.publicUrl,
      OWNER_EMAILS: server.config.ownerEmails.join(','),
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdout: { write: (t: string) => ((stdout += t), true) },
    stderr: { write: (t: string) => ((stderr += t), true) },
    clock: server.clock,
  });
  if (code === 'serving') throw new Error('cliAgainst runs one-shot commands, not serve');
  return { code, stdout, stderr };
}

/**
 * Runs `vitrine ARGS` as its own process (`node --import tsx src/cli/main.ts`), as an operator's
 * shell would while the server runs, without blocking this process's event loop.
 */
export function cliProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}
