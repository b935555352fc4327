import { Agent, request } from 'node:http';
import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { checkerFor } from '../helpers/contract.js';
import { hostileRequests, requestArbitrary, type FuzzRequest } from './requests.js';

export interface FuzzOptions {
  baseUrl: string;
  requests: number;
  seed: number;
  concurrency?: number;
  /** an answer later than this is a hang */
  timeoutMs?: number;
  /** told every `every` requests, e.g. to print progress and RSS */
  progress?: { every: number; report(done: number, byStatus: Map<string, number>): void };
}

export interface FuzzResult {
  byStatus: Map<string, number>;
  /** what broke the goal: a 5xx, a hang, a 4xx that is not a problem document, contract drift (first 20) */
  failures: string[];
  failureCount: number;
}

interface Answer {
  status: number | 'hang' | 'error';
  contentType: string;
  body: string;
  headers: Headers;
}

function send(baseUrl: string, agent: Agent, r: FuzzRequest, timeoutMs: number): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of r.headers) headers[name] = name in headers ? [headers[name] as string, value].flat() : value;
    let req: ReturnType<typeof request>;
    try {
      req = request({ host: url.hostname, port: url.port, method: r.method, path: r.target, headers, agent, timeout: timeoutMs });
    } catch (error) {
      return resolve({ status: 'error', contentType: '', body: `client refused to send: ${(error as Error).message}`, headers: new Headers() });
    }
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 'hang', contentType: '', body: '', headers: new Headers() });
    });
    req.on('error', (error) => resolve({ status: 'error', contentType: '', body: error.message, headers: new Headers() }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve({ status: res.statusCode ?? 0, contentType: (res.headers['content-type'] ?? '').split(';')[0]!.trim(), body: Buffer.concat(chunks).toString('utf8'), headers: h });
      });
    });
    if (r.body && r.slowMs) {
      const pieces = [r.body.subarray(0, 10), r.body.subarray(10, 20), r.body.subarray(20)];
      let i = 0;
      const next = () => (i < pieces.length - 1 ? (req.write(pieces[i++]), setTimeout(next, r.slowMs)) : req.end(pieces[i]));
      next();
    } else req.end(r.body);
  });
}

/** Why a 4xx answer is not what the contract promises, or null: problem+json, or the protocol's own error shape on /oauth/ and /mcp. */
function errorShapeProblem(r: FuzzRequest, a: Answer, status: number): string | null {
  // RFC 6749 §4.1.2.1: /oauth/authorize is a page for a person; errors before the redirect URI is
  // trusted are shown there (documented as text/html), never sent as JSON or redirected.
  if (r.target.split('?')[0] === '/oauth/authorize') return a.contentType === 'text/html' ? null : `a ${status} from the consent page answered ${a.contentType}, not an HTML page`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(a.body) as Record<string, unknown>;
  } catch {
    return `a ${status} whose body is not JSON (${a.contentType})`;
  }
  if (a.contentType === 'application/problem+json') {
    const ok = ['type', 'title', 'detail', 'error'].every((k) => typeof body[k] === 'string') && body.status === status;
    return ok ? null : `a ${status} problem document without type/title/status/detail/error`;
  }
  if (r.target.startsWith('/oauth/') && a.contentType === 'application/json' && typeof body.error === 'string') return null;
  if (r.target.startsWith('/mcp') && a.contentType === 'application/json' && typeof body.error === 'object') return null;
  return `a ${status} answered ${a.contentType || '(no content type)'}, not a problem document`;
}

/** The sandbox answers a 500 on purpose when asked to rehearse one. */
function rehearsed(r: FuzzRequest, status: number): boolean {
  return status === 500 && r.target.startsWith('/api/v1/sandbox/') && r.headers.some(([n, v]) => n === 'sandbox-scenario' && v === 'server_error');
}

/** Sends `requests` generated requests (the hostile cases among them) and judges every answer. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const doc = (await (await fetch(`${options.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
  const checker = checkerFor(doc, options.baseUrl);
  const slugs = ((await (await fetch(`${options.baseUrl}/api/v1/projects?limit=5`)).json()) as { data: { slug: string }[] }).data.map((p) => p.slug);
  const generated = requestArbitrary(doc, slugs);
  const hostile = hostileRequests(slugs[0]!);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency ?? 8 });
  const byStatus = new Map<string, number>();
  const failures: string[] = [];
  let failureCount = 0;
  const fail = (r: FuzzRequest, why: string) => {
    failureCount++;
    if (failures.length < Number(process.env.FUZZ_SHOW ?? 20)) failures.push(`${r.label} (${r.method} ${r.target.slice(0, 120)}): ${why}`);
  };
  // Seeded chunks of requests: the same seed sends the same requests (order varies with timing).
  const CHUNK = 500;
  const chunks = new Map<number, FuzzRequest[]>();
  const generatedAt = (index: number): FuzzRequest => {
    const chunk = Math.floor(index / CHUNK);
    let list = chunks.get(chunk);
    if (!list) {
      chunks.clear();
      list = fc.sample(generated, { seed: options.seed * 7919 + chunk, numRuns: CHUNK });
      chunks.set(chunk, list);
    }
    return list[index % CHUNK]!;
  };
  let done = 0;
  const worker = async () => {
    for (;;) {
      if (done >= options.requests) return;
      const index = done++;
      const r = index % 50 < hostile.length && Math.floor(index / 50) % 4 === 0 ? hostile[index % 50]! : generatedAt(index);
      const a = await send(options.baseUrl, agent, r, options.timeoutMs ?? 10_000);
      const key = String(a.status);
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      if (a.status === 'hang') fail(r, 'no answer: a hang');
      else if (a.status === 'error') fail(r, `connection failed: ${a.body}`);
      else if (a.status >= 500 && !rehearsed(r, a.status)) fail(r, `${a.status}: ${a.body.slice(0, 200)}`);
      else if (a.status >= 400) {
        const shape = errorShapeProblem(r, a, a.status);
        if (shape) fail(r, shape);
      }
      if (typeof a.status === 'number') {
        const path = r.target.split('?')[0]!;
        for (const v of checker.check({ method: r.method, path, status: a.status, headers: a.headers, body: a.body })) fail(r, `contract: ${v}`);
      }
      if (options.progress && (index + 1) % options.progress.every === 0) options.progress.report(index + 1, byStatus);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  agent.destroy();
  return { byStatus, failures, failureCount };
}
