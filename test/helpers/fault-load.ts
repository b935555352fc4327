import type { OpenApiDocument } from '../../src/http/openapi/types.js';
import { checkerFor, type ContractChecker } from './contract.js';

/** What one request of a fault test ended as: an HTTP status, or `hang`/`refused` when none came. */
export type Outcome = number | 'hang' | 'refused';

export interface Answer {
  outcome: Outcome;
  headers: Headers;
  body: string;
}

/**
 * Counts a fault test's requests by phase, kind and outcome, checks every answer against
 * /openapi.json, and prints the table the test names in its output (docs/operations.md is built
 * from these). A request without an answer within `timeoutMs` is a hang.
 */
export class FaultLoad {
  phase = 'before';
  private readonly counts = new Map<string, number>();
  readonly violations: string[] = [];
  private checker: ContractChecker | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async loadContract(): Promise<void> {
    const doc = (await (await fetch(`${this.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    this.checker = checkerFor(doc, this.baseUrl);
  }

  async send(kind: string, path: string, init: RequestInit = {}): Promise<Answer> {
    const phase = this.phase;
    let answer: Answer;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      const body = await response.text();
      answer = { outcome: response.status, headers: response.headers, body };
      const method = init.method ?? 'GET';
      const found = this.checker?.check({ method, path: new URL(path, this.baseUrl).pathname, status: response.status, headers: response.headers, body: method === 'HEAD' ? null : body }) ?? [];
      this.violations.push(...found);
    } catch (error) {
      const name = (error as Error).name;
      answer = { outcome: name === 'TimeoutError' || name === 'AbortError' ? 'hang' : 'refused', headers: new Headers(), body: '' };
    }
    const key = `${phase}\t${kind}\t${answer.outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    return answer;
  }

  /** How many requests matched: any argument left undefined matches everything. */
  count(filter: { phase?: string; kind?: string; outcome?: (o: Outcome) => boolean } = {}): number {
    let total = 0;
    for (const [key, n] of this.counts) {
      const [phase, kind, raw] = key.split('\t') as [string, string, string];
      const outcome: Outcome = raw === 'hang' || raw === 'refused' ? raw : Number(raw);
      if ((filter.phase === undefined || filter.phase === phase) && (filter.kind === undefined || filter.kind === kind) && (filter.outcome === undefined || filter.outcome(outcome))) total += n;
    }
    return total;
  }

  /** Requests without a usable answer: 5xx other than 503, hangs and refused connections. */
  failures(): number {
    return this.count({ outcome: (o) => o === 'hang' || o === 'refused' || (o >= 500 && o !== 503) });
  }

  /** The table printed in the test's output: phase, kind, outcome, count. */
  report(title: string): string {
    const rows = [...this.counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => `  ${key.replaceAll('\t', ' | ')} | ${n}`);
    return `${title}\n  phase | kind | outcome | requests\n${rows.join('\n')}\n  total ${this.count()} requests, ${this.failures()} 5xx-other-than-503/hangs/refused, ${this.violations.length} contract violations`;
  }
}

/** Runs `worker` in `concurrency` loops until `stop` resolves; a worker's own rejection fails the run. */
export async function drive(concurrency: number, stop: Promise<unknown>, worker: (index: number, round: number) => Promise<void>): Promise<void> {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  await Promise.all(
    Array.from({ length: concurrency }, async (_, index) => {
      for (let round = 0; !stopped; round++) await worker(index, round);
    }),
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
