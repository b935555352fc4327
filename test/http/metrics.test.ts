import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format 0.0.4, enough of it for these tests: `name{a="b",…} value` per line, `#` comments. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(match, `unparseable exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of match[2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)} names ${found.length} series`);
  return found[0]?.value ?? 0;
}

async function scrape(server: TestServer, headers: Record<string, string> = {}): Promise<{ res: Response; text: string; samples: Sample[] }> {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers });
  const text = await res.text();
  return { res, text, samples: res.status === 200 ? parseExposition(text) : [] };
}

async function get(server: TestServer, path: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}${path}`);
  await res.arrayBuffer();
  return res.status;
}

const INQUIRY = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We would like a booking platform like the one you built.',
};

describe('GET /metrics (docs/design.md §3): Prometheus exposition of this app instance', () => {
  let server: TestServer;
  let slug: string;

  before(async () => {
    server = await startTestServer();
    const list = (await (await fetch(`${server.baseUrl}/api/v1/projects?limit=1`)).json()) as { data: { slug: string }[] };
    slug = list.data[0]!.slug;
  });
  after(() => server.close());

  it('serves text format 0.0.4, uncached, with the default process metrics on the same registry', async () => {
    const { res, text, samples } = await scrape(server);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.match(text, /^# TYPE vitrine_http_requests_total counter$/m);
    assert.match(text, /^# TYPE vitrine_http_request_duration_seconds histogram$/m);
    assert.ok(samples.some((s) => s.name === 'process_cpu_user_seconds_total'), 'default process metrics are registered');
    assert.ok(samples.some((s) => s.name === 'nodejs_heap_size_used_bytes'), 'default Node metrics are registered');
  });

  it('counts every catalog read under its route pattern, whether the response cache or the route answered it', async () => {
    const route = '/api/v1/projects';
    const { samples: before } = await scrape(server);
    const baseline = valueOf(before, 'vitrine_http_requests_total', { method: 'GET', route, status: '200' });
    const hitsBefore = server.vitrine.cache.hits;
    // The same URL twice: the route answers the first and offers it, the cache answers the second.
    for (const path of [route, route, `${route}?limit=2`, `${route}?limit=2`, `${route}?limit=2`]) assert.equal(await get(server, path), 200);
    const hits = server.vitrine.cache.hits - hitsBefore;
    assert.ok(hits >= 2 && hits < 5, `the cache answered ${hits} of the 5 reads, the route the rest`);

    const { samples } = await scrape(server);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'GET', route, status: '200' }) - baseline, 5);
    assert.equal(
      valueOf(samples, 'vitrine_http_request_duration_seconds_count', { method: 'GET', route }) - valueOf(before, 'vitrine_http_request_duration_seconds_count', { method: 'GET', route }),
      5,
    );
  });

  it('labels by the route pattern, never the raw path: a slug is `:slug`, an unknown path is `unmatched`', async () => {
    assert.equal(await get(server, `/api/v1/projects/${slug}`), 200);
    assert.equal(await get(server, `/api/v1/projects/${slug}`), 200);
    assert.equal(await get(server, '/api/v1/projects/no-such-project'), 404);
    assert.equal(await get(server, '/api/v1/no-such-collection/abc123'), 404);
    const { text, samples } = await scrape(server);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'GET', route: '/api/v1/projects/:slug', status: '200' }), 2);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'GET', route: '/api/v1/projects/:slug', status: '404' }), 1);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }), 1);
    for (const raw of [slug, 'no-such-project', 'no-such-collection', 'abc123', 'limit=2']) assert.ok(!text.includes(raw), `${raw} appears in the exposition`);
    for (const s of samples.filter((s) => 'route' in s.labels)) assert.ok(s.labels.route === 'unmatched' || s.labels.route!.startsWith('/'), `route label ${s.labels.route}`);
  });

  it('labels a 405 (a method the route does not serve) with that route\'s pattern, not `unmatched`', async () => {
    const send = async (method: string, path: string) => {
      const res = await fetch(`${server.baseUrl}${path}`, { method });
      await res.arrayBuffer();
      return res.status;
    };
    assert.equal(await send('DELETE', '/api/v1/projects'), 405);
    assert.equal(await send('PUT', `/api/v1/projects/${slug}`), 405);
    assert.equal(await send('PATCH', '/api/v1/sandbox/inquiries'), 405, 'the sandbox passes its own path on to the app\'s 405');
    const { text, samples } = await scrape(server);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'DELETE', route: '/api/v1/projects', status: '405' }), 1);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'PUT', route: '/api/v1/projects/:slug', status: '405' }), 1);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'PATCH', route: '/api/v1/sandbox/inquiries', status: '405' }), 1);
    assert.equal(valueOf(samples, 'vitrine_http_request_duration_seconds_count', { method: 'DELETE', route: '/api/v1/projects' }), 1);
    assert.ok(!samples.some((s) => s.labels.route === 'unmatched' && s.labels.status === '405'), 'no 405 is unmatched');
    assert.ok(!text.includes(slug), 'the raw path never becomes a label');
  });

  it('counts inquiries created over REST as source="api", sandbox rehearsals apart, replays not at all', async () => {
    const post = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(INQUIRY) });
    assert.equal((await post('/api/v1/inquiries', { 'idempotency-key': 'metrics-1' })).status, 201);
    const replay = await post('/api/v1/inquiries', { 'idempotency-key': 'metrics-1' });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal((await post('/api/v1/sandbox/inquiries')).status, 201);
    const { samples } = await scrape(server);
    assert.equal(valueOf(samples, 'vitrine_inquiries_created_total', { source: 'api', sandbox: 'false' }), 1);
    assert.equal(valueOf(samples, 'vitrine_inquiries_created_total', { source: 'api', sandbox: 'true' }), 1);
    assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'POST', route: '/api/v1/inquiries', status: '201' }), 2);
  });
});

describe('GET /metrics: rate-limit refusals', () => {
  it('counts each 429 under its policy and its route, and stays reachable while the client is throttled', async () => {
    const server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ reads: { q: 2, w: 60 } }) } });
    try {
      assert.deepEqual([await get(server, '/api/v1/facets'), await get(server, '/api/v1/facets'), await get(server, '/api/v1/facets'), await get(server, '/api/v1/projects')], [200, 200, 429, 429]);
      const { res, samples } = await scrape(server);
      assert.equal(res.status, 200);
      assert.equal(valueOf(samples, 'vitrine_rate_limited_total', { policy: 'reads' }), 2);
      assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'GET', route: '/api/v1/facets', status: '429' }), 1);
      assert.equal(valueOf(samples, 'vitrine_http_requests_total', { method: 'GET', route: '/api/v1/projects', status: '429' }), 1);
    } finally {
      await server.close();
    }
  });

  it('counts the requests a rate-limit store it cannot reach left unmetered (reads) or refused (registrations)', async () => {
    // Redis on a port nothing listens on, from the start: reads go through unmetered, minting answers 503.
    const server = await startTestServer({ contract: false, env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMITS: JSON.stringify({ reads: { q: 100, w: 60 } }) } });
    try {
      assert.deepEqual([await get(server, '/api/v1/facets'), await get(server, '/api/v1/facets')], [200, 200]);
      const minted = await fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'x', token_endpoint_auth_method: 'none' }) });
      assert.equal(minted.status, 503);
      const { samples } = await scrape(server);
      assert.equal(valueOf(samples, 'vitrine_rate_limit_store_failures_total', { policy: 'reads', outcome: 'open' }), 2);
      assert.equal(valueOf(samples, 'vitrine_rate_limit_store_failures_total', { policy: 'register', outcome: 'closed' }), 1);
    } finally {
      await server.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  const token = 'metrics-token-0123456789abcdef';
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: token } });
  });
  after(() => server.close());

  it('answers 401 problem+json with a Bearer challenge without the token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}x` }, { authorization: 'Bearer short' }, { authorization: `Basic ${token}` }] as Record<string, string>[]) {
      const { res, text } = await scrape(server, headers);
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer /);
      assert.equal((JSON.parse(text) as { error: string }).error, 'unauthorized');
      assert.ok(!text.includes('vitrine_'), 'no metrics in a refusal');
    }
  });

  it('serves the metrics for the right token (the scheme name in any case)', async () => {
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`]) {
      const { res, samples } = await scrape(server, { authorization });
      assert.equal(res.status, 200);
      assert.ok(samples.some((s) => s.name === 'vitrine_http_requests_total'));
    }
  });

  it('documents the token requirement in /openapi.json', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, { get: { security: unknown; responses: Record<string, unknown> } }> };
    assert.deepEqual(doc.paths['/metrics']!.get.security, [{ metricsToken: [] }]);
    assert.ok('401' in doc.paths['/metrics']!.get.responses);
  });
});

describe('METRICS_TOKEN configuration', () => {
  it('refuses a token too short to resist guessing', async () => {
    const { parseConfig } = await import('../../src/config.js');
    assert.throws(() => parseConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
    assert.equal(parseConfig({}).metricsToken, undefined);
  });
});
