/** One agent-readiness check: a name, what it proves, and a probe that throws what is wrong. */
export interface Check {
  name: string;
  /** the standard or convention it checks */
  spec: string;
  run(probe: Probe): Promise<string>;
}

export interface CheckResult {
  name: string;
  spec: string;
  ok: boolean;
  /** what was found, or what is wrong */
  detail: string;
}

/** HTTP against the service under test; `fetch` may be replaced (tests, proxies). */
export class Probe {
  constructor(
    readonly baseUrl: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  url(path: string): string {
    return new URL(path, `${this.baseUrl}/`).href;
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetcher(this.url(path), { headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetcher(this.url(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  }

  /** GET that must answer 200 with a media type starting with `type`; returns the body. */
  async text(path: string, type: string, headers: Record<string, string> = {}): Promise<{ body: string; response: Response }> {
    const response = await this.get(path, headers);
    const body = await response.text();
    expect(response.status === 200, `${path}: HTTP ${response.status}`);
    const contentType = response.headers.get('content-type') ?? '';
    expect(contentType.toLowerCase().startsWith(type), `${path}: Content-Type ${contentType || '(none)'}, expected ${type}`);
    return { body, response };
  }

  async json<T>(path: string, type = 'application/json', headers: Record<string, string> = {}): Promise<T> {
    const { body } = await this.text(path, type, headers);
    try {
      return JSON.parse(body) as T;
    } catch {
      throw new Error(`${path}: not JSON`);
    }
  }
}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export async function runChecks(checks: readonly Check[], probe: Probe): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    try {
      results.push({ name: check.name, spec: check.spec, ok: true, detail: await check.run(probe) });
    } catch (error) {
      results.push({ name: check.name, spec: check.spec, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
