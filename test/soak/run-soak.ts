import { FaultLoad, drive, sleep } from '../helpers/fault-load.js';
import { startServerProcess } from '../helpers/process.js';

export interface SoakSample {
  atS: number;
  requests: number;
  rssMb: number;
  heapMb: number;
  loopP99Ms: number;
  /** p99 of this interval's request durations as the client saw them */
  p99Ms: number;
  errors: number;
}

export interface SoakResult {
  samples: SoakSample[];
  requests: number;
  fiveXx: number;
  hangs: number;
  /** RSS growth from the first sample after warm-up to the last, in MB */
  rssGrowthMb: number;
  verdict: string;
  ok: boolean;
}

/** Reads one gauge from the Prometheus text /metrics serves (prom-client's default metrics). */
function gauge(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

const p99 = (values: number[]) => (values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]!);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Median RSS of the last third minus that of the middle third of the samples. */
export function trendMb(rss: number[]): number {
  if (rss.length < 2) return 0;
  if (rss.length < 3) return rss[rss.length - 1]! - rss[0]!;
  const third = Math.floor(rss.length / 3);
  return median(rss.slice(rss.length - third)) - median(rss.slice(third, rss.length - third));
}

/**
 * Mixed traffic (catalog reads, searches, tokens, inquiries, MCP tool calls) against a fresh
 * `npm start`-style process on SQLite for `durationMs`, sampling the server's RSS, heap and
 * event-loop delay (its /metrics) every `intervalMs`. Fails on any 5xx or hang, or when RSS still
 * grows by more than `maxGrowthMb` after warm-up (see trendMb).
 */
export async function runSoak(options: { durationMs: number; intervalMs: number; concurrency?: number; maxGrowthMb?: number; report?: (s: SoakSample) => void }): Promise<SoakResult> {
  const server = startServerProcess({ RATE_LIMITS_ENABLED: 'false' });
  try {
    const base = (await server.listening).url!;
    server.lines.length = 0; // the request log is not needed here; keep this process's memory flat
    const load = new FaultLoad(base);
    const client = JSON.parse((await load.send('register', '/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'soak', token_endpoint_auth_method: 'none' }) })).body) as { client_id: string };
    let n = 0;
    let durations: number[] = [];
    const json = { 'content-type': 'application/json' };
    const mcp = { ...json, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
    const kinds: [string, () => [string, RequestInit]][] = [
      ['read', () => ['/api/v1/projects?limit=10', {}]],
      ['search', () => [`/api/v1/projects?q=${['brand', 'app', 'web', 'design'][n % 4]}&limit=${1 + (n % 20)}`, {}]],
      ['token', () => ['/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&client_id=${client.client_id}` }]],
      ['inquiry', () => ['/api/v1/inquiries', { method: 'POST', headers: { ...json, 'idempotency-key': `soak-${n}` }, body: JSON.stringify({ name: 'Soak Test', email: 'soak@example.com', message: `A soak test inquiry, number ${n}.` }) }]],
      ['mcp', () => ['/mcp', { method: 'POST', headers: mcp, body: JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'search_projects', arguments: { q: 'design', limit: 5 } } }) }]],
      ['page', () => ['/', {}]],
    ];
    let stop: () => void = () => {};
    const started = Date.now();
    const running = drive(options.concurrency ?? 4, new Promise<void>((resolve) => (stop = resolve)), async () => {
      const [kind, make] = kinds[n++ % kinds.length]!;
      const [path, init] = make();
      const t0 = performance.now();
      await load.send(kind, path, init);
      durations.push(performance.now() - t0);
    });
    const samples: SoakSample[] = [];
    try {
      while (Date.now() - started < options.durationMs) {
        await sleep(Math.min(options.intervalMs, options.durationMs - (Date.now() - started)));
        const metrics = await (await fetch(`${base}/metrics`)).text();
        const sample: SoakSample = {
          atS: Math.round((Date.now() - started) / 1000),
          requests: load.count(),
          rssMb: gauge(metrics, 'process_resident_memory_bytes') / 1e6,
          heapMb: gauge(metrics, 'nodejs_heap_size_used_bytes') / 1e6,
          loopP99Ms: gauge(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
          p99Ms: p99(durations),
          errors: load.count({ outcome: (o) => o === 'hang' || o === 'refused' || o >= 500 }),
        };
        durations = [];
        server.lines.length = 0;
        samples.push(sample);
        options.report?.(sample);
      }
    } finally {
      stop();
      await running;
    }
    const fiveXx = load.count({ outcome: (o) => typeof o === 'number' && o >= 500 });
    const hangs = load.count({ outcome: (o) => o === 'hang' || o === 'refused' });
    // A trend, not a rise: caches fill and V8 sizes its heap in the first minutes, then RSS
    // plateaus. Warm-up is the first third of the run; the growth is the median RSS of the last
    // third over the median of the middle third (with fewer than 3 samples, last over first).
    const rssGrowthMb = trendMb(samples.map((s) => s.rssMb));
    const maxGrowth = options.maxGrowthMb ?? 64;
    const ok = fiveXx === 0 && hangs === 0 && rssGrowthMb <= maxGrowth && samples.length > 1;
    const verdict = `${ok ? 'PASS' : 'FAIL'}: ${load.count()} requests, ${fiveXx} 5xx, ${hangs} hangs; RSS ${samples[0]?.rssMb.toFixed(0)} → ${samples.at(-1)?.rssMb.toFixed(0)} MB (trend after warm-up: ${rssGrowthMb.toFixed(1)} MB, bound ${maxGrowth} MB)`;
    return { samples, requests: load.count(), fiveXx, hangs, rssGrowthMb, verdict, ok };
  } finally {
    server.cleanup();
  }
}

