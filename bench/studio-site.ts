/**
 * The studio's site served warm: a project page (HTML) and an image variant (AVIF), each next to
 * a bare node:http server sending the same status, headers and bytes, CPU µs per request from
 * each server process. The demo catalog, with one uploaded photo. Standalone:
 * `npx tsx bench/studio-site.ts` (BENCH_SECONDS (5), BENCH_CONNECTIONS (10)).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { runCli } from '../src/cli/run.js';
import { measure, startChild, type Child } from './lib/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OWNER = 'bench@studio.example';
const root = fileURLToPath(new URL('..', import.meta.url));

async function cpuPerRequest(server: Child, path: string): Promise<{ rps: number; us: number; bad: number }> {
  const m = await measure(server, { url: path, connections: CONNECTIONS }, SECONDS, 1);
  return { rps: m.rps, us: m.cpuUsPerRequest, bad: m.non2xx + m.errors };
}

const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-site-'));
const env = { DATABASE_URL: `sqlite:${join(dir, 'v.db')}`, PORT: '0', DEMO_CATALOG: 'true', OWNER_EMAILS: OWNER, LOG_LEVEL: 'warn', RATE_LIMITS_ENABLED: 'false', UPLOAD_LIMIT_BYTES: String(8 * 1024 * 1024) };
const ours = await startChild(root, 'our-server', env);
const bare = await startChild(root, 'bare-server.ts', {});
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
    // As autocannon asks: no content coding (fetch would ask for gzip and hand back the decoded body).
    const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key)) headers[key] = value;
    });
    routes[path] = { status: res.status, headers, body: '', bodyBase64: Buffer.from(await res.arrayBuffer()).toString('base64') };
  }
  await bare.request({ type: 'routes', routes }, 'routes-set');
  console.log(`\nThe studio's site served warm: ${CONNECTIONS} connections, ${SECONDS} s per case, CPU from each server process`);
  console.log('| case | bytes | vitrine req/s | vitrine CPU µs/req | bare CPU µs/req | ratio bare/vitrine | failures |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [name, path] of Object.entries(paths)) {
    const o = await cpuPerRequest(ours, path);
    const b = await cpuPerRequest(bare, path);
    console.log(`| ${name} | ${Buffer.from(routes[path]!.bodyBase64, 'base64').length} | ${o.rps.toFixed(0)} | ${o.us.toFixed(1)} | ${b.us.toFixed(1)} | ${(b.us / o.us).toFixed(2)} | ${o.bad + b.bad || ''} |`);
  }
} finally {
  await ours.stop();
  await bare.stop();
  rmSync(dir, { recursive: true, force: true });
}
