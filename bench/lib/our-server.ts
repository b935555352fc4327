/**
 * The vitrine server as `npm start` runs it, in a child process of the benchmark: reports its
 * port over IPC and answers `cpu` messages with process.cpuUsage(), so the bench measures
 * only the server's CPU, never autocannon's.
 */
import { parseConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

const running = await startServer(parseConfig(process.env));
process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
  if (message.type === 'mem') process.send!({ type: 'mem', rss: process.memoryUsage().rss });
  if (message.type === 'stop') void running.close().then(() => process.exit(0));
});
// SIGTERM exits through process.exit, so a --cpu-prof run (BENCH_SERVER_NODE_ARGS) writes its profile.
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
// The in-memory search index builds at boot: measure only once it is ready, so its build is not
// counted as the CPU of the first requests measured (issue 17).
await running.store.projects.warm?.();
process.send!({ type: 'ready', port: running.port });
