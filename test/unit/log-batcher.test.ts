import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { LogBatcher } from '../../src/lib/log-batcher.js';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-log-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A batcher over the SonicBoom pino.destination() builds, writing to a real file. */
function batcherToFile(options: { chunkChars: number; flushMs: number }) {
  const path = join(dir, `log-${files++}.ndjson`);
  const batcher = new LogBatcher(pino.destination({ dest: path, sync: false, minLength: 1 }), options);
  return { batcher, read: () => readFileSync(path, 'utf8'), logger: pino({ level: 'info', base: null, timestamp: false }, batcher) };
}

describe('LogBatcher (pino destination)', () => {
  it('keeps lines until a chunk is full, then the file has them in order', async () => {
    const { batcher, read, logger } = batcherToFile({ chunkChars: 200, flushMs: 60_000 });
    try {
      logger.info({ n: 1 }, 'first');
      await sleep(50);
      assert.equal(read(), '', 'a line below the chunk size waits');
      for (let n = 2; n <= 10; n++) logger.info({ n }, 'more');
      await sleep(50);
      const written = read().trim().split('\n').map((line) => (JSON.parse(line) as { n: number }).n);
      assert.ok(written.length >= 5, `a full chunk is handed over without a flush (${written.length} lines)`);
      assert.deepEqual(written, Array.from({ length: written.length }, (_, i) => i + 1));
    } finally {
      batcher.close();
    }
  });

  it('flush(cb) calls back once every line is in the file', async () => {
    const { batcher, read, logger } = batcherToFile({ chunkChars: 1 << 20, flushMs: 60_000 });
    try {
      for (let n = 1; n <= 100; n++) logger.info({ n }, 'line');
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
      assert.equal(read().trim().split('\n').length, 100);
    } finally {
      batcher.close();
    }
  });

  it('writes what waits after at most flushMs', async () => {
    const { batcher, read, logger } = batcherToFile({ chunkChars: 1 << 20, flushMs: 30 });
    try {
      logger.info('quiet traffic');
      await sleep(300);
      assert.match(read(), /quiet traffic/);
    } finally {
      batcher.close();
    }
  });

  it('after close(), lines go straight through', async () => {
    const { batcher, read, logger } = batcherToFile({ chunkChars: 1 << 20, flushMs: 60_000 });
    logger.info('before');
    batcher.close();
    logger.info('after');
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    assert.deepEqual(read().trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg), ['before', 'after']);
  });

  it("writes what waits when the process exits (vitrine's own logger, on stdout)", () => {
    const script = `import { createLogger } from './src/server.ts';
      const { logger } = createLogger('info');
      for (let n = 1; n <= 3; n++) logger.info({ n }, 'before exit');
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(child.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { n: number }).n), [1, 2, 3]);
  });
});
