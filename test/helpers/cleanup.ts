const tasks = new Set<() => void>();
let installed = false;

/**
 * Runs `task` when this process ends, however it ends: a normal exit, or SIGTERM/SIGINT (a test
 * runner's timeout, a Ctrl-C), which skip 'exit' handlers by default. For what a test started
 * outside itself: a database cluster, a redis-server, a child process. Returns an unregister.
 */
export function onProcessEnd(task: () => void): () => void {
  tasks.add(task);
  if (!installed) {
    installed = true;
    const runAll = () => {
      for (const t of [...tasks]) {
        tasks.delete(t);
        try {
          t();
        } catch {
          // best effort: the others still run
        }
      }
    };
    process.once('exit', runAll);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        runAll();
        process.kill(process.pid, signal);
      });
    }
  }
  return () => tasks.delete(task);
}
