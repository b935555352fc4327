/**
 * The studio's site served warm: a project page (HTML) and an image variant (AVIF), each next to
 * a bare node:http server sending the same status, headers and bytes, CPU µs per request from
 * each server process. The demo catalog, with one uploaded photo. Standalone:
 * `npx tsx bench/studio-site.ts` (BENCH_SECONDS (5), BENCH_CONNECTIONS (10)).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// autocannon ships no types; the bench is outside the type-checked tree.
import autocannon from 'autocannon';
import sharp from 'sharp';
import { runCli } from '../src/cli/run.js';
import { ourServer } from './lib/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OWNER = 'bench@studio.example';
const lib = (name: string) => fileURLToPath(new URL(`./lib/${name}`, import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

interface Child {
  port: number;
  send<T>(message: Record<string, unknown>, reply: string): Promise<T>;
  stop(): void;
}

async function start(script: string, env: Record<string, string>): Promise<Child> {
  const server = script === 'our-server' ? ourServer(root) : undefined;
  const child: ChildProcess = fork(server?.script ?? lib(script), [], { execArgv: server?.execArgv ?? ['--import', 'tsx'], env: { ...process.env, ...env, ...server?.env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const next = <T>(type: string) => new Promise<T>((resolve) => child.on('message', function on(m: { type: string } & T) { if (m.type === type) (child.off('message', on), resolve(m)); }));
  const { port } = await next<{ port: number }>('ready').catch(() => ({ port: 0 }));
  return { port, send: (message, reply) => { const r = next(reply); child.send(message); return r as never; }, stop: () => child.kill('SIGKILL') };
}

function load(url: string, seconds: number): Promise<{ rps: number; total: number; bad: number }> {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: seconds }, (err: Error | null, r: { requests: { average: number }; '2xx': number; non2xx: number; errors: number }) =>
      err ? reject(err) : resolve({ rps: r.requests.average, total: r['2xx'] + r.non2xx, bad: r.non2xx + r.errors }),
    ),
  );
}

async function cpuPerRequest(server: Child, path: string): Promise<{ rps: number; us: number; bad: number }> {
  const url = `http://127.0.0.1:${server.port}${path}`;
  await load(url, 1);
  const cpu = async () => ((u) => u.user + u.system)((await server.send<{ usage: NodeJS.CpuUsage }>({ type: 'cpu' }, 'cpu')).usage);
  const before = await cpu();
  const r = await load(url, SECONDS);
  return { rps: r.rps, us: ((await cpu()) - before) / Math.max(1, r.total), bad: r.bad };
}

const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-site-'));
const env = { DATABASE_URL: `sqlite:${join(dir, 'v.db')}`, PORT: '0', DEMO_CATALOG: 'true', OWNER_EMAILS: OWNER, LOG_LEVEL: 'warn', RATE_LIMITS_ENABLED: 'false', UPLOAD_LIMIT_BYTES: String(8 * 1024 * 1024) };
const ours = await start('our-server', env);
const bare = await start('bare-server.ts', {});
try {
  let token = '';
  await runCli(['owner', 'token', 'create', '--name', 'bench', OWNER], { env: { ...env, LOG_LEVEL: 'silent' }, stdout: { write: (t: string) => ((token += t), true) }, stderr: { write: () => true } });
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 40, g: 90, b: 70 } } }).jpeg({ quality: 85 }).toBuffer();
  const base = `http://127.0.0.1:${ours.port}`;
  const uploaded = (await (await fetch(`${base}/api/v1/admin/media`, { method: 'POST', headers: { authorization: `Bearer ${token.trim()}`, 'content-type': 'image/jpeg' }, body: new Uint8Array(photo) })).json()) as { variants: { url: string; format?: string; type?: string }[] };
  const variant = new URL(uploaded.variants.find((v) => /\.avif$/.test(v.url))!.url).pathname;
  const slug = ((await (await fetch(`${base}/api/v1/projects?limit=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
  const paths = { 'project page (HTML)': `/projects/${slug}`, 'image variant (AVIF)': variant };
  const routes: Record<string, { status: number; headers: Record<string, string>; body: string; bodyBase64: string }> = {};
  for (const path of Object.values(paths)) {
    const res = await fetch(`${base}${path}`);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key)) headers[key] = value;
    });
    routes[path] = { status: res.status, headers, body: '', bodyBase64: Buffer.from(await res.arrayBuffer()).toString('base64') };
  }
  await bare.send({ type: 'routes', routes }, 'routes-set');
  console.log(`\nThe studio's site served warm: ${CONNECTIONS} connections, ${SECONDS} s per case, CPU from each server process`);
  console.log('| case | bytes | vitrine req/s | vitrine CPU µs/req | bare CPU µs/req | ratio bare/vitrine | failures |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [name, path] of Object.entries(paths)) {
    const o = await cpuPerRequest(ours, path);
    const b = await cpuPerRequest(bare, path);
    console.log(`| ${name} | ${Buffer.from(routes[path]!.bodyBase64, 'base64').length} | ${o.rps.toFixed(0)} | ${o.us.toFixed(1)} | ${b.us.toFixed(1)} | ${(b.us / o.us).toFixed(2)} | ${o.bad + b.bad || ''} |`);
  }
} finally {
  ours.stop();
  bare.stop();
  rmSync(dir, { recursive: true, force: true });
}
