/**
 * The vitrine server as `npm start` runs it — the compiled tree (`dist/`), no TypeScript loader —
 * in a child process of a benchmark: reports its port over IPC and answers `cpu` and `mem`
 * messages, so the bench measures only the server's CPU and memory, never autocannon's.
 * BENCH_VITRINE_DIST names the dist/ directory (bench/lib/server-process.ts builds it).
 * A TypeScript loader in the server would add its own thread and transpiled sources: ~85 MB of
 * RSS at 10,000 projects that `npm start` never has (issue 17).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = process.env.BENCH_VITRINE_DIST;
if (!dist) throw new Error('BENCH_VITRINE_DIST is not set');
const { parseConfig } = await import(pathToFileURL(join(dist, 'config.js')).href);
const { startServer } = await import(pathToFileURL(join(dist, 'server.js')).href);
// As main.ts does (a tree from before it had lib/heap-growth.js runs without).
const heap = await import(pathToFileURL(join(dist, 'lib', 'heap-growth.js')).href).catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND') return undefined;
  throw error;
});

const config = parseConfig(process.env);
heap?.limitHeapGrowth(config.heapGrowthPercent);
const running = await startServer(config);
process.on('message', (message) => {
  if (message.type === 'cpu') process.send({ type: 'cpu', usage: process.cpuUsage() });
  if (message.type === 'mem') process.send({ type: 'mem', rss: process.memoryUsage().rss });
  if (message.type === 'stop') void running.close().then(() => process.exit(0));
});
// SIGTERM exits through process.exit, so a --cpu-prof run (BENCH_SERVER_NODE_ARGS) writes its profile.
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
// The in-memory search index builds at boot: measure only once it is ready, so its build is not
// counted as the CPU of the first requests measured (issue 17).
await running.store.projects.warm?.();
process.send({ type: 'ready', port: running.port });
