/**
 * `npm run bench`: vitrine's catalog reads (a list, a project, and the list asked for in br)
 * against a bare node:http server sending the same bytes, on a 10,000-project catalog. Every server runs in a child process (so autocannon's own
 * CPU is never counted) and is loaded in the same run, one after the other, with the same
 * settings. Prints req/s, p99 latency and server CPU µs per request; the verdict is the CPU
 * ratio bare/ours (target ≥ 0.8): on a 2-core machine the load generator caps req/s, so CPU per
 * request is the figure that tells the servers apart. Then runs every other bench/*.ts
 * (standalone scripts as child processes, modules exporting `run()` in process);
 * `--catalog-only` skips them. Between the two, the rows of issue 17 (bench/lib/hot-paths.ts): the
 * token endpoint against oidc-provider, inquiries on SQLite and PostgreSQL, MCP tools/call against
 * the REST read, an uncached search and the server's RSS. `--search` runs only the search bench
 * on 100,000 projects in SQLite and PostgreSQL (bench/lib/search.ts); `--rows` only the issue 17 rows;
 * `--mcp` only the MCP rows and their REST baseline (BENCH_SERVER_NODE_ARGS applies to that server
 * too; with `--against REF` also for vitrine at REF, in the same run).
 *
 * `--against REF` also serves the catalog from vitrine at a git ref (a temporary worktree) and
 * prints our CPU per request next to it: "no more expensive than before", measured in one run.
 *
 * Tuning: BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (20), BENCH_PROJECTS (10000),
 * BENCH_ROUNDS (1; each round measures every server once, the median is reported).
 * Profiling: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles our server process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fetchFixed } from './lib/fixed-answer.js';
import { hotPaths, mcpRows, type Row } from './lib/hot-paths.js';
import { searchBench } from './lib/search.js';
import { checkoutWorktree, type Worktree } from './lib/worktree.js';
import { measure, median, startChild as startBenchChild, type Child as BenchChild, type Measured } from './lib/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const TARGET = 0.8;
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(benchDir, '..');
const { values: flags } = parseArgs({ options: { 'catalog-only': { type: 'boolean' }, against: { type: 'string' }, search: { type: 'boolean' }, rows: { type: 'boolean' }, mcp: { type: 'boolean' } }, strict: false });

type Child = BenchChild;

/** A server script of bench/lib in a child process; `root` is the source tree it runs from. */
function startChild(script: string, env: Record<string, string>, root = repoRoot): Promise<Child> {
  return startBenchChild(root, script, env);
}

/** The catalog database built by `root`'s own store code; returns the newest project's slug. */
function buildCatalog(root: string, dbPath: string): string {
  const script = join(benchDir, 'lib', 'build-catalog.ts');
  return execFileSync(process.execPath, ['--import', 'tsx', script, '--root', root, '--db', dbPath, '--projects', String(PROJECTS)], { cwd: repoRoot, encoding: 'utf8' }).trim();
}

function serverEnv(dbPath: string): Record<string, string> {
  return {
    DATABASE_URL: `sqlite:${dbPath}`,
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    DEMO_CATALOG: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // The rate-limit middleware still runs on every request; the quota is just out of reach.
    RATE_LIMITS: JSON.stringify({ reads: { q: 1_000_000_000, w: 60 } }),
  };
}

async function catalogBench(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const servers: { name: string; child: Child }[] = [];
  let worktree: Worktree | undefined;
  try {
    const started = performance.now();
    const slug = buildCatalog(repoRoot, join(dir, 'ours.db'));
    servers.push({ name: 'vitrine', child: await startChild('our-server', serverEnv(join(dir, 'ours.db'))) });
    if (typeof flags.against === 'string') {
      worktree = checkoutWorktree(repoRoot, flags.against);
      buildCatalog(worktree.root, join(dir, 'ref.db'));
      servers.push({ name: `vitrine@${worktree.commit.slice(0, 8)}`, child: await startChild('our-server', serverEnv(join(dir, 'ref.db')), worktree.root) });
    }
    console.log(`catalog: ${PROJECTS} projects in SQLite (${Math.round(performance.now() - started)} ms to build)`);

    const ours = servers[0]!.child;
    // The list again, asked for in br: the cached-read lane sends the encoding the app made once.
    // Its own URL, since the bare server answers by URL alone.
    const cases = [
      { name: 'list', path: '/api/v1/projects' },
      { name: 'detail', path: `/api/v1/projects/${slug}` },
      { name: 'list, br', path: '/api/v1/projects?limit=20', headers: { 'accept-encoding': 'br' } },
    ];
    const fixed: Record<string, Awaited<ReturnType<typeof fetchFixed>>> = {};
    for (const c of cases) fixed[c.path] = await fetchFixed(ours.port, c.path, c.headers);
    for (const [path, f] of Object.entries(fixed)) if (f.status !== 200) throw new Error(`${path} answered ${f.status}: ${f.body.slice(0, 200)}`);
    if (fixed['/api/v1/projects?limit=20']!.headers['content-encoding'] !== 'br') throw new Error('the list was not sent in br');
    const bare = await startChild('bare-server.ts', {});
    servers.push({ name: 'bare node:http', child: bare });
    await bare.request({ type: 'routes', routes: fixed }, 'routes-set');

    console.log(`load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s measured per case, ${ROUNDS} round(s) (median); server CPU from process.cpuUsage() in each server process\n`);
    const rows: string[][] = [];
    let ok = true;
    for (const { name, path, headers } of cases) {
      const bytes = Buffer.from(fixed[path]!.bodyBase64, 'base64').length;
      const runs = servers.map(() => [] as Measured[]);
      for (let round = 0; round < ROUNDS; round++) for (const [i, server] of servers.entries()) runs[i]!.push(await measure(server.child, { url: path, connections: CONNECTIONS, ...(headers ? { headers } : {}) }, SECONDS, WARMUP));
      const results = runs.map(median);
      const o = results[0]!;
      const b = results.at(-1)!;
      const ratio = b.cpuUsPerRequest / o.cpuUsPerRequest;
      ok &&= ratio >= TARGET && o.non2xx === 0 && o.errors === 0;
      const fmt = (m: Measured) => [m.rps.toFixed(0), m.p99.toFixed(1), m.cpuUsPerRequest.toFixed(1), m.non2xx + m.errors > 0 ? `${m.non2xx} non-2xx, ${m.errors} errors` : ''];
      for (const [i, server] of servers.entries()) {
        const m = results[i]!;
        const vsBare = i === servers.length - 1 ? '' : (b.cpuUsPerRequest / m.cpuUsPerRequest).toFixed(2);
        const vsOurs = i === 0 || i === servers.length - 1 ? '' : (o.cpuUsPerRequest / m.cpuUsPerRequest).toFixed(2);
        rows.push([i === 0 ? `GET ${name} (${(bytes / 1024).toFixed(1)} KiB)` : '', server.name, ...fmt(m), vsBare, ...(servers.length > 2 ? [vsOurs] : [])]);
      }
    }
    const header = ['case', 'server', 'req/s', 'p99 ms', 'CPU µs/req', 'failures', 'CPU bare/this', ...(servers.length > 2 ? ['CPU ours/this'] : [])];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    if (servers.length > 2) console.log(`\nCPU ours/this: below 1.00, ours spends less CPU per request than vitrine@${worktree!.commit.slice(0, 8)}; above, more.`);
    console.log(`\ntarget: bare CPU per request ≥ ${TARGET}× vitrine's — ${ok ? 'met' : 'NOT met'}`);
    return ok;
  } finally {
    for (const server of servers) await server.child.stop();
    worktree?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Other benchmarks in bench/: modules exporting run() are called; standalone scripts are run. */
async function otherBenches(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const files = readdirSync(benchDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(benchDir, f))
    .filter((f) => f !== self)
    .sort();
  for (const file of files) {
    console.log(`\n== ${file.slice(benchDir.length)} ==`);
    if (/export\s+(async\s+)?function\s+run\s*\(/.test(readFileSync(file, 'utf8'))) {
      const mod = (await import(pathToFileURL(file).href)) as { run: () => Promise<unknown> };
      await mod.run();
    } else {
      const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
      if (result.status !== 0) console.log(`(${file} exited with ${result.status})`);
    }
  }
}

/** The rows of issue 17 (all of them, or with `mcpOnly` the MCP rows and their REST baseline). */
async function hotPathRows(mcpOnly = false): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  try {
    buildCatalog(repoRoot, join(dir, 'catalog.db'));
    console.log(`\nissue 17 rows: ${PROJECTS} projects, ${WARMUP} s warm-up + ${SECONDS} s measured, ${ROUNDS} round(s) (median); server CPU from process.cpuUsage() in each server process`);
    const env = (db: string) => ({ ...serverEnv(db), RATE_LIMITS_ENABLED: 'false' });
    const timing = { seconds: SECONDS, warmup: WARMUP, rounds: ROUNDS };
    let rows: Row[];
    if (mcpOnly) {
      // With --against REF, the same rows for vitrine at REF, served after ours in the same run.
      const worktree = typeof flags.against === 'string' ? checkoutWorktree(repoRoot, flags.against) : undefined;
      try {
        if (worktree) buildCatalog(worktree.root, join(dir, 'ref.db'));
        rows = [];
        for (const [root, db, label] of [[repoRoot, 'catalog.db', ''], ...(worktree ? [[worktree.root, 'ref.db', ` @${worktree.commit.slice(0, 8)}`]] : [])] as [string, string, string][]) {
          const server = await startChild('our-server', env(join(dir, db)), root);
          try {
            rows.push(...(await mcpRows(server, { ...timing, label })));
          } finally {
            await server.stop();
          }
        }
      } finally {
        worktree?.remove();
      }
    } else {
      rows = await hotPaths({ root: repoRoot, dir, catalogDb: join(dir, 'catalog.db'), env, ...timing });
    }
    const table = [['path', 'vitrine', 'baseline (same run)', 'ratio', 'goal', 'verdict'], ...rows.map((r) => [r.path, r.ours, r.baseline, r.ratio, r.goal, r.met ? 'met' : 'NOT met'])];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    table.forEach((cells, i) => {
      console.log(`| ${cells.map((c, j) => c.padEnd(widths[j]!)).join(' | ')} |`);
      if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    });
    return rows.every((r) => r.met);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let ok: boolean;
if (flags.search) {
  ok = await searchBench();
} else if (flags.rows) {
  ok = await hotPathRows();
} else if (flags.mcp) {
  ok = await hotPathRows(true);
} else {
  ok = await catalogBench();
  if (!flags['catalog-only']) {
    ok = (await hotPathRows()) && ok;
    await otherBenches();
  }
}
process.exitCode = ok ? 0 : 1;
