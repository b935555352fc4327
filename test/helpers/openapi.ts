import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApp, type VitrineApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createStore } from '../../src/store/create-store.js';

export const DOC_BASE_URL = 'https://vitrine.example';

export interface InProcessApp {
  vitrine: VitrineApp;
  /** the document as GET /openapi.json serves it */
  document(): Promise<OpenApiDocument>;
  close(): Promise<void>;
}

/** createApp over a temp SQLite file, called in-process (no socket): enough to read the generated document. */
export async function inProcessApp(env: Record<string, string> = {}): Promise<InProcessApp> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-openapi-'));
  const config = parseConfig({ DATABASE_URL: `sqlite:${join(dir, 'vitrine.db')}`, PUBLIC_URL: DOC_BASE_URL, LOG_LEVEL: 'silent', ...env });
  const store = createStore(config.database);
  await store.migrate();
  const vitrine = await createApp({ config, store, clock: new ManualClock(Date.parse('2026-06-01T12:00:00Z')), logger: pino({ level: 'silent' }) });
  return {
    vitrine,
    async document() {
      const res = await vitrine.fetch(new Request(`${DOC_BASE_URL}/openapi.json`));
      if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as OpenApiDocument;
    },
    async close() {
      await vitrine.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
