/**
 * `npm run bench`: vitrine's catalog reads against a bare node:http server sending the same
 * bytes, on a 10,000-project catalog. Both servers run in child processes (so autocannon's own
 * CPU is never counted) and are loaded in the same run, one after the other, with the same
 * settings. Prints req/s, p99 latency and server CPU µs per request, and the ratio ours/bare
 * (target ≥ 0.8). Then runs every other bench/*.ts (standalone scripts as child processes,
 * modules exporting `run()` in process); `--catalog-only` skips them.
 *
 * Tuning: BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (20), BENCH_PROJECTS (10000).
 * Profiling: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles our server process.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// autocannon ships no types; the bench is outside the type-checked tree.
import autocannon from 'autocannon';
import { createStore } from '../src/store/create-store.js';
import { generateCatalog } from './lib/catalog-fixture.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10_000);
const TARGET = 0.8;
const benchDir = fileURLToPath(new URL('.', import.meta.url));

interface LoadResult {
  rps: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

interface Measured extends LoadResult {
  cpuUsPerRequest: number;
}

interface Child {
  process: ChildProcess;
  port: number;
  request<T>(message: Record<string, unknown>, reply: string): Promise<T>;
  stop(): Promise<void>;
}

function load(url: string, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 }, (err: Error | null, r: { requests: { average: number; total?: number }; latency: { p99: number }; non2xx: number; errors: number; '2xx': number }) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, total: r['2xx'] + r.non2xx, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

async function startChild(script: string, env: Record<string, string>): Promise<Child> {
  const extra = script === 'our-server.ts' ? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  const child = fork(join(benchDir, 'lib', script), [], { execArgv: ['--import', 'tsx', ...extra], env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const request = <T>(message: Record<string, unknown>, reply: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== reply) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (Object.keys(message).length > 0) child.send(message);
    });
  const { port } = await request<{ port: number }>({}, 'ready');
  return {
    process: child,
    port,
    request,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

async function cpuMicros(child: Child): Promise<number> {
  const { usage } = await child.request<{ usage: NodeJS.CpuUsage }>({ type: 'cpu' }, 'cpu');
  return usage.user + usage.system;
}

async function measure(child: Child, path: string): Promise<Measured> {
  const url = `http://127.0.0.1:${child.port}${path}`;
  await load(url, WARMUP);
  const before = await cpuMicros(child);
  const result = await load(url, SECONDS);
  const after = await cpuMicros(child);
  return { ...result, cpuUsPerRequest: result.total > 0 ? (after - before) / result.total : Number.NaN };
}

async function fetchFixed(port: number, path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  const headers: Record<string, string> = {};
  // The same headers vitrine sent, minus the ones node:http computes itself.
  res.headers.forEach((value, key) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key)) headers[key] = value;
  });
  return { status: res.status, headers, body: await res.text() };
}

async function catalogBench(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
  let ours: Child | undefined;
  let bare: Child | undefined;
  try {
    const started = performance.now();
    const store = createStore({ kind: 'sqlite', path: join(dir, 'bench.db') });
    await store.migrate();
    const catalog = generateCatalog(PROJECTS);
    let n = 0;
    await store.projects.upsert(catalog, Date.parse('2026-06-01T12:00:00Z'), () => `prj_bench${String(++n).padStart(6, '0')}`);
    const sample = (await store.projects.list({ sort: '-published_at', limit: 1 })).items[0]!;
    await store.close();
    console.log(`catalog: ${PROJECTS} projects in SQLite (${Math.round(performance.now() - started)} ms to build)`);

    ours = await startChild('our-server.ts', {
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:8080',
      DEMO_CATALOG: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // The rate-limit middleware still runs on every request; the quota is just out of reach.
      RATE_LIMITS: JSON.stringify({ reads: { q: 1_000_000_000, w: 60 } }),
    });
    const paths = { list: '/api/v1/projects', detail: `/api/v1/projects/${sample.slug}` };
    const fixed = { [paths.list]: await fetchFixed(ours.port, paths.list), [paths.detail]: await fetchFixed(ours.port, paths.detail) };
    for (const [path, f] of Object.entries(fixed)) if (f.status !== 200) throw new Error(`${path} answered ${f.status}: ${f.body.slice(0, 200)}`);
    bare = await startChild('bare-server.ts', {});
    await bare.request({ type: 'routes', routes: fixed }, 'routes-set');

    console.log(`load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s measured per case; server CPU from process.cpuUsage() in each server process\n`);
    const rows: string[][] = [];
    let ok = true;
    for (const [name, path] of Object.entries(paths)) {
      const bytes = Buffer.byteLength(fixed[path]!.body);
      const o = await measure(ours, path);
      const b = await measure(bare, path);
      const ratio = o.rps / b.rps;
      ok &&= ratio >= TARGET && o.non2xx === 0 && o.errors === 0;
      const fmt = (m: Measured) => [m.rps.toFixed(0), m.p99.toFixed(1), m.cpuUsPerRequest.toFixed(0), m.non2xx + m.errors > 0 ? `${m.non2xx} non-2xx, ${m.errors} errors` : ''];
      rows.push([`GET ${name} (${(bytes / 1024).toFixed(1)} KiB)`, 'vitrine', ...fmt(o), ratio.toFixed(2)]);
      rows.push(['', 'bare node:http', ...fmt(b), '']);
    }
    const header = ['case', 'server', 'req/s', 'p99 ms', 'CPU µs/req', 'failures', 'ours/bare'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    console.log(`\ntarget: vitrine ≥ ${TARGET}× bare req/s — ${ok ? 'met' : 'NOT met'}`);
    return ok;
  } finally {
    await ours?.stop();
    await bare?.stop();
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

const ok = await catalogBench();
if (!process.argv.includes('--catalog-only')) await otherBenches();
process.exitCode = ok ? 0 : 1;
