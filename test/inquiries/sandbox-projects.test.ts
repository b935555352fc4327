import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, connectV1, textOf } from '../mcp/mcp-clients.js';
import type { Problem } from '../helpers/problem.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like something like this project.' };

/**
 * A rehearsal asks about what the sandbox lists: its fixture projects are known to a sandbox
 * inquiry, as are the real catalog's (the write it rehearses). The real path knows only its own.
 */
describe('sandbox inquiries name the sandbox catalog’s projects (docs/design.md §3)', () => {
  let server: TestServer;
  let fixture: string;
  let real: string;
  const post = (path: string, slugs: string[]) =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...INQUIRY, project_slugs: slugs }) });
  const firstSlug = async (path: string) => ((await (await fetch(`${server.baseUrl}${path}?limit=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;

  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    fixture = await firstSlug('/api/v1/sandbox/projects');
    real = await firstSlug('/api/v1/projects');
    assert.notEqual(fixture, real);
  });
  after(async () => server.close());

  it('accepts a slug the sandbox listing shows, a real one, and both together', async () => {
    for (const slugs of [[fixture], [real], [fixture, real]]) {
      const res = await post('/api/v1/sandbox/inquiries', slugs);
      assert.equal(res.status, 201, `${slugs.join(', ')}: ${await res.clone().text()}`);
      const body = (await res.json()) as { sandbox: boolean; project_slugs: string[] };
      assert.equal(body.sandbox, true);
      assert.deepEqual(body.project_slugs, slugs);
    }
  });

  it('still refuses a slug neither catalog has, pointing at the sandbox listing', async () => {
    const res = await post('/api/v1/sandbox/inquiries', [fixture, 'no-such-project']);
    assert.equal(res.status, 422);
    const problem = (await res.json()) as Problem;
    assert.match(problem.detail, /no-such-project.*GET \/api\/v1\/sandbox\/projects/);
    assert.deepEqual(problem.errors?.map((e) => e.path), ['project_slugs[1]']);
  });

  it('keeps the real path to the real catalog: a fixture slug is unknown there', async () => {
    const before = await server.store.inquiries.count();
    const res = await post('/api/v1/inquiries', [fixture]);
    assert.equal(res.status, 422);
    assert.equal(await server.store.inquiries.count(), before);
  });

  it('does the same for MCP submit_inquiry with sandbox: true', async () => {
    const client = await connectV1(server.baseUrl);
    try {
      const rehearsed = await call(client, 'submit_inquiry', { ...INQUIRY, project_slugs: [fixture], sandbox: true, idempotency_key: `sandbox-fixture-${Date.now()}` });
      assert.equal(rehearsed.isError, undefined, textOf(rehearsed));
      assert.equal(rehearsed.structuredContent?.sandbox, true);
      const realCall = await call(client, 'submit_inquiry', { ...INQUIRY, project_slugs: [fixture], idempotency_key: `real-fixture-${Date.now()}` });
      assert.equal(realCall.isError, true);
    } finally {
      await client.close();
    }
  });
});

/**
 * The fixture catalog pages like the real one, but its cursors are its own: a cursor carried from
 * one environment to the other (a client switching base URL mid-paging) was accepted and resumed
 * at the other catalog's position, silently skipping projects, instead of being refused.
 */
describe('sandbox and real list cursors are not interchangeable', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const list = async (path: string, cursor?: string) => {
    const res = await fetch(`${server.baseUrl}${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    return { status: res.status, body: (await res.json()) as { next_cursor?: string | null; error?: string; detail?: string } };
  };

  for (const [from, to] of [['/api/v1/projects', '/api/v1/sandbox/projects'], ['/api/v1/sandbox/projects', '/api/v1/projects']] as const) {
    it(`a cursor of ${from} is refused by ${to}, and still pages ${from}`, async () => {
      const cursor = (await list(from)).body.next_cursor;
      assert.ok(cursor, 'both catalogs have a second page at limit=2');
      const foreign = await list(to, cursor);
      assert.equal(foreign.status, 400);
      assert.equal(foreign.body.error, 'validation_failed');
      assert.match(foreign.body.detail ?? '', /cursor belongs to a different query/);
      assert.equal((await list(from, cursor)).status, 200);
    });
  }
});
