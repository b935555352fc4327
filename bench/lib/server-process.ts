/**
 * How a benchmark starts vitrine: compiled as `npm start` runs it (prestart: `tsc`), once per
 * source tree and run, then bench/lib/our-server.mjs on that tree's dist/ with plain node.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const built = new Set<string>();

export interface ServerProcess {
  script: string;
  execArgv: string[];
  env: Record<string, string>;
}

/** Compiles `root` (its own tsc and tsconfig.json) unless this run already did. */
function build(root: string): void {
  if (built.has(root)) return;
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
  built.add(root);
}

/** The vitrine of `root` as a child process: script, node arguments (BENCH_SERVER_NODE_ARGS) and env. */
export function ourServer(root: string): ServerProcess {
  build(root);
  return {
    script: fileURLToPath(new URL('./our-server.mjs', import.meta.url)),
    execArgv: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    env: { BENCH_VITRINE_DIST: join(root, 'dist') },
  };
}
