import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { parseConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

/**
 * The real listener of `npm start` (src/server.ts) on a fresh SQLite file, or on a throwaway
 * PostgreSQL database (`databaseUrl`). Rate limits stay on (the document then lists their 429s)
 * with quotas the fuzzer's one address never reaches.
 */
export async function startFuzzTarget(options: { databaseUrl?: string } = {}): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-fuzz-'));
  const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: options.databaseUrl ?? `sqlite:${join(dir, 'fuzz.db')}`, RATE_LIMITS: JSON.stringify(Object.fromEntries(['reads', 'writes', 'auth', 'register', 'mcp', 'signin'].map((p) => [p, { q: 1e9, w: 60 }]))), LOG_LEVEL: 'silent' });
  const running = await startServer(config, { logger: pino({ level: 'silent' }) });
  return {
    baseUrl: `http://127.0.0.1:${running.port}`,
    async close() {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
