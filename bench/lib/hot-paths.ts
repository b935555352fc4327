/**
 * The rows of issue 17 beyond the catalog read, each against its baseline in the same run:
 * server CPU µs per request (process.cpuUsage() of the server's own process), the median of
 * BENCH_ROUNDS rounds. Goals: token ≤ 1/3 of oidc-provider's CPU; inquiries ≥ 3,000/s on SQLite
 * (≥ 2,500/s on PostgreSQL); MCP tools/call ≤ 3× the REST read of the same page; an uncached
 * search ≤ 150 µs with RSS bounded; RSS ≤ 300 MB.
 */
import { join } from 'node:path';
import { createTestDatabase, postgresAvailable } from '../../test/helpers/postgres.js';
import { fetchFixed, type FixedAnswer } from './fixed-answer.js';
import { measure, median, startChild, type Child, type Load, type Measured } from './load.js';

export interface Row {
  path: string;
  ours: string;
  baseline: string;
  ratio: string;
  goal: string;
  met: boolean;
}

const WORDS = 'we designed built shipped fast accessible service riders patients readers donors live data offline support plain language support calls half meeting wcag release kestrel harbor ledger meridian polar atlas cobalt alder maps booking payments dashboard search forms'.split(' ');
const OIDC_CLIENT = { client_id: 'bench-agent', client_secret: 'bench-secret-0123456789abcdef0123456789abcdef' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function rounds(child: Child, spec: Load, seconds: number, warmup: number, n: number): Promise<Measured> {
  const all: Measured[] = [];
  for (let i = 0; i < n; i++) all.push(await measure(child, spec, seconds, i === 0 ? warmup : 0.5));
  return median(all);
}

async function ok(port: number, spec: Load): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${spec.url}`, { method: spec.method ?? 'GET', headers: { ...spec.headers, ...(spec.uniqueKey ? { 'idempotency-key': `warm-${Date.now()}` } : {}) }, body: spec.body });
  if (res.status >= 300) throw new Error(`${spec.method ?? 'GET'} ${spec.url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

const us = (m: Measured) => `${m.cpuUsPerRequest.toFixed(0)} µs CPU/req`;

/**
 * The VM the issue's table was measured on: there, bare node:http answered the 20-project list
 * (42 KB) in 15.2 µs of CPU. This VM's speed varies 2–4× between sessions (docs/performance.md),
 * so the absolute goals (µs per search, inquiries/s) read differently from day to day; the bench
 * also prints the uncached search at that VM's speed, scaled by the same bare answer measured here.
 */
const ISSUE_BARE_LIST_US = 15.2;

/** MCP tools/call search_projects vs the REST read of the same page (a repeated query), on `ours`. */
export async function mcpRows(ours: Child, options: { seconds: number; warmup: number; rounds: number; label?: string }): Promise<Row[]> {
  const { seconds, warmup } = options;
  const rows: Row[] = [];
  const rest: Load = { url: '/api/v1/projects?q=accessible&limit=5', connections: 10 };
  const args = { q: 'accessible', limit: 5 };
  const mcp2025: Load = { url: '/mcp', method: 'POST', connections: 10, headers: { ...JSON_MCP, 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_projects', arguments: args } }) };
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const mcp2026: Load = { url: '/mcp', method: 'POST', connections: 10, headers: { ...JSON_MCP, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'search_projects' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_projects', arguments: args, _meta: meta } }) };
  for (const spec of [rest, mcp2025, mcp2026]) await ok(ours.port, spec);
  const r = await rounds(ours, rest, seconds, warmup, options.rounds);
  for (const [name, spec] of [['2025-11-25', mcp2025], ['2026-07-28', mcp2026]] as const) {
    const m = await rounds(ours, spec, seconds, warmup, options.rounds);
    rows.push({ path: `MCP tools/call search_projects (${name})${options.label ?? ''}`, ours: us(m), baseline: `REST read of the same page: ${us(r)}`, ratio: (m.cpuUsPerRequest / r.cpuUsPerRequest).toFixed(1), goal: '≤ 3', met: m.cpuUsPerRequest <= 3 * r.cpuUsPerRequest });
  }
  return rows;
}

export async function hotPaths(options: { root: string; dir: string; catalogDb: string; env: (db: string) => Record<string, string>; seconds: number; warmup: number; rounds: number }): Promise<Row[]> {
  const { seconds, warmup } = options;
  const rows: Row[] = [];
  const ours = await startChild(options.root, 'our-server', options.env(options.catalogDb));
  const oidc = await startChild(options.root, 'oidc-server.ts', { BENCH_OIDC_CLIENT: JSON.stringify(OIDC_CLIENT) });
  try {
    // POST /oauth/token, client_credentials: a public client here, a client_secret_post one there.
    const reg = await fetch(`http://127.0.0.1:${ours.port}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'bench', token_endpoint_auth_method: 'none' }) });
    const { client_id } = (await reg.json()) as { client_id: string };
    const ourToken: Load = { url: '/oauth/token', method: 'POST', headers: FORM, body: new URLSearchParams({ grant_type: 'client_credentials', client_id }).toString() };
    const theirToken: Load = { url: '/token', method: 'POST', headers: FORM, body: new URLSearchParams({ grant_type: 'client_credentials', ...OIDC_CLIENT, scope: 'catalog:read' }).toString() };
    await ok(ours.port, ourToken);
    await ok(oidc.port, theirToken);
    const t: Measured[] = [];
    const o: Measured[] = [];
    for (let i = 0; i < options.rounds; i++) {
      t.push(await measure(ours, ourToken, seconds, i === 0 ? warmup : 0.5));
      o.push(await measure(oidc, theirToken, seconds, i === 0 ? warmup : 0.5));
    }
    const [tm, om] = [median(t), median(o)];
    rows.push({ path: 'POST /oauth/token (client_credentials)', ours: `${us(tm)}, ${tm.rps.toFixed(0)}/s`, baseline: `oidc-provider: ${us(om)}`, ratio: (tm.cpuUsPerRequest / om.cpuUsPerRequest).toFixed(2), goal: '≤ 0.33', met: tm.cpuUsPerRequest * 3 <= om.cpuUsPerRequest });

    rows.push(...(await mcpRows(ours, options)));

    // An uncached search: every request a distinct URL (two catalog words and a page size).
    const rssBefore = (await ours.request<{ rss: number }>({ type: 'mem' }, 'mem')).rss;
    const uncached: Load = { url: '/api/v1/projects', distinct: (n) => `q=${WORDS[n % WORDS.length]}+${WORDS[Math.floor(n / WORDS.length) % WORDS.length]}&limit=${1 + (Math.floor(n / WORDS.length ** 2) % 25)}` };
    const u = await rounds(ours, uncached, seconds, warmup, options.rounds);
    const rssAfter = (await ours.request<{ rss: number }>({ type: 'mem' }, 'mem')).rss;
    const bare = await bareSearchBaseline(options.root, ours.port, uncached, seconds, warmup, options.rounds);
    const scale = bare.list.cpuUsPerRequest / ISSUE_BARE_LIST_US;
    rows.push({ path: 'GET /api/v1/projects?q=… uncached (distinct URLs)', ours: `${us(u)}, ${u.rps.toFixed(0)}/s`, baseline: `bare node:http, pages of the same sizes: ${us(bare.pages)}`, ratio: (u.cpuUsPerRequest / bare.pages.cpuUsPerRequest).toFixed(1), goal: '≤ 150 µs', met: u.cpuUsPerRequest <= 150 });
    rows.push({ path: '  the same, at the speed of the VM of the issue\'s table', ours: `${(u.cpuUsPerRequest / scale).toFixed(0)} µs CPU/req`, baseline: `bare 42 KB list: ${bare.list.cpuUsPerRequest.toFixed(1)} µs here, ${ISSUE_BARE_LIST_US} there`, ratio: `÷ ${scale.toFixed(2)}`, goal: '≤ 150 µs', met: u.cpuUsPerRequest / scale <= 150 });
    rows.push({ path: 'RSS of the server (10,000 projects, after the loads above)', ours: `${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MB`, baseline: '—', ratio: '—', goal: '≤ 300 MB', met: rssAfter <= 300 * 2 ** 20 });
  } finally {
    await ours.stop();
    await oidc.stop();
  }

  // POST /api/v1/inquiries, a unique Idempotency-Key each: SQLite, then PostgreSQL.
  const inquiry: Load = { url: '/api/v1/inquiries', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench Client', email: 'bench@client.example', message: 'A benchmark inquiry about a new project.' }), uniqueKey: true };
  const targets: [string, string, number][] = [['SQLite', `sqlite:${join(options.dir, 'inquiries.db')}`, 3000]];
  const pg = (await postgresAvailable()) ? await createTestDatabase() : undefined;
  if (pg) targets.push(['PostgreSQL', pg.url, 2500]);
  try {
    for (const [name, url, goal] of targets) {
      const child = await startChild(options.root, 'our-server', { ...options.env(''), DATABASE_URL: url, DEMO_CATALOG: 'false' });
      try {
        await ok(child.port, inquiry);
        const m = await rounds(child, inquiry, seconds, warmup, options.rounds);
        rows.push({ path: `POST /api/v1/inquiries (${name}${name === 'SQLite' ? ', synchronous=FULL + group commit' : ', synchronous_commit=on'})`, ours: `${m.rps.toFixed(0)}/s, ${us(m)}${m.non2xx ? `, ${m.non2xx} non-2xx` : ''}`, baseline: '—', ratio: '—', goal: `≥ ${goal.toLocaleString('en')}/s`, met: m.rps >= goal && m.non2xx === 0 });
      } finally {
        await child.stop();
      }
    }
  } finally {
    await pg?.drop();
  }
  return rows;
}

/**
 * The uncached search's baseline, in the same run: bare node:http answering each of the same
 * distinct URLs with vitrine's page of its `limit` (`/api/v1/projects?limit=N`: as many projects,
 * so about as many bytes), and the 20-project list asked again and again, the issue's own baseline.
 */
async function bareSearchBaseline(root: string, port: number, uncached: Load, seconds: number, warmup: number, n: number): Promise<{ pages: Measured; list: Measured }> {
  const pages: Record<string, FixedAnswer> = {};
  for (let limit = 1; limit <= 25; limit++) pages[limit] = await fetchFixed(port, `/api/v1/projects?limit=${limit}`);
  const list = await fetchFixed(port, '/api/v1/projects');
  const bare = await startChild(root, 'bare-server.ts', {});
  try {
    await bare.request({ type: 'pages', path: '/api/v1/projects', pages }, 'pages-set');
    await bare.request({ type: 'routes', routes: { '/api/v1/projects': list } }, 'routes-set');
    return { pages: await rounds(bare, uncached, seconds, warmup, n), list: await rounds(bare, { url: '/api/v1/projects' }, seconds, warmup, n) };
  } finally {
    await bare.stop();
  }
}
