import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken } from '../helpers/tokens.js';
import { call as callTool, connectV1, connectV2, type AnyClient } from './mcp-clients.js';
import { comparable } from '../helpers/comparable-answer.js';

/**
 * The MCP answer cache (src/mcp/answer-cache.ts) against the SDK path: `cached` keeps and serves
 * answers, `plain` is a second app on the same database and PUBLIC_URL with RESPONSE_CACHE=false,
 * so every call there is the SDK's. Each call of the corpus goes to `cached` twice (the SDK
 * answers and the cache records, then the cache may answer) and to `plain` once.
 */

const ACCEPT = 'application/json, text/event-stream';
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'answer-cache-test', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

interface Call {
  label: string;
  headers: Record<string, string>;
  /** the message without its id */
  message: Record<string, unknown>;
  /** whether the second identical call is answered from the cache */
  cached: boolean;
}

async function post(server: TestServer, id: unknown, call: Call): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...call.headers }, body: JSON.stringify({ jsonrpc: '2.0', id, ...call.message }) });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  const text = await res.text();
  return { status: res.status, headers, body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>) };
}

const legacy = (version?: string): Record<string, string> => (version ? { 'mcp-protocol-version': version } : {});
const modern = (name: string) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name });
const call2025 = (name: string, args?: Record<string, unknown>) => ({ method: 'tools/call', params: { name, ...(args ? { arguments: args } : {}) } });
const call2026 = (name: string, args?: Record<string, unknown>) => ({ method: 'tools/call', params: { name, ...(args ? { arguments: args } : {}), _meta: META } });

describe('MCP answer cache: repeated catalog tool calls answered exactly as the SDK answers them', () => {
  let cached: TestServer;
  let plain: TestServer;
  let slug: string;
  let cursor: string;
  let bearer: string;

  before(async () => {
    cached = await startTestServer();
    const db = cached.config.database;
    plain = await startTestServer({ demo: false, env: { DATABASE_URL: db.kind === 'sqlite' ? `sqlite:${db.path}` : db.url, PUBLIC_URL: cached.baseUrl, RESPONSE_CACHE: 'false' } });
    const page = await post(cached, 1, { label: '', headers: legacy('2025-11-25'), message: call2025('search_projects', { limit: 1 }), cached: true });
    const content = (page.body!.result as { structuredContent: { projects: { slug: string }[]; next_cursor: string } }).structuredContent;
    slug = content.projects[0]!.slug;
    cursor = content.next_cursor;
    bearer = (await agentToken(cached.baseUrl, 'catalog:read inquiries:write')).token;
  });
  after(async () => {
    await plain.close();
    await cached.close();
  });

  it('gives every call of the corpus the same status, headers and JSON body on both paths, in both protocol eras', async () => {
    const corpus: Call[] = [];
    for (const [era, headers, message] of [
      ['2025-11-25', () => legacy('2025-11-25'), call2025],
      ['2025-06-18', () => legacy('2025-06-18'), call2025],
      ['no version header', () => legacy(), call2025],
      ['2026-07-28', modern, call2026],
    ] as const) {
      const h = (name: string) => (headers as (name: string) => Record<string, string>)(name);
      corpus.push(
        { label: `${era} search q`, headers: h('search_projects'), message: message('search_projects', { q: 'app', limit: 2 }), cached: true },
        { label: `${era} search defaults`, headers: h('search_projects'), message: message('search_projects', {}), cached: true },
        { label: `${era} search filters`, headers: h('search_projects'), message: message('search_projects', { tag: 'accessibility', sort: 'title', limit: 3 }), cached: true },
        { label: `${era} search next page`, headers: h('search_projects'), message: message('search_projects', { limit: 1, cursor }), cached: true },
        { label: `${era} get_project`, headers: h('get_project'), message: message('get_project', { slug }), cached: true },
        { label: `${era} list_facets`, headers: h('list_facets'), message: message('list_facets', {}), cached: true },
        { label: `${era} list_facets without arguments`, headers: h('list_facets'), message: message('list_facets'), cached: true },
        { label: `${era} with an allowed Origin`, headers: { ...h('search_projects'), origin: new URL(cached.baseUrl).origin }, message: message('search_projects', { q: 'app', limit: 3 }), cached: true },
        { label: `${era} with a bearer`, headers: { ...h('search_projects'), authorization: `Bearer ${bearer}` }, message: message('search_projects', { limit: 2 }), cached: true },
        { label: `${era} unknown slug (isError)`, headers: h('get_project'), message: message('get_project', { slug: 'no-such-project' }), cached: false },
        { label: `${era} invalid arguments`, headers: h('search_projects'), message: message('search_projects', { limit: 99 }), cached: false },
        { label: `${era} unknown argument`, headers: h('search_projects'), message: message('search_projects', { bogus: true }), cached: false },
        { label: `${era} invalid cursor`, headers: h('search_projects'), message: message('search_projects', { cursor: 'not-a-cursor' }), cached: false },
        { label: `${era} unknown tool`, headers: h('no_such_tool'), message: message('no_such_tool', {}), cached: false },
        { label: `${era} get_studio`, headers: h('get_studio'), message: message('get_studio', {}), cached: true },
        { label: `${era} tools/list`, headers: { ...h('x'), 'mcp-method': 'tools/list', 'mcp-name': '' }, message: { method: 'tools/list', params: era === '2026-07-28' ? { _meta: META } : {} }, cached: true },
        { label: `${era} tools/list without params`, headers: { ...h('x'), 'mcp-method': 'tools/list', 'mcp-name': '' }, message: { method: 'tools/list' }, cached: era !== '2026-07-28' },
        { label: `${era} prompts/list`, headers: { ...h('x'), 'mcp-method': 'prompts/list', 'mcp-name': '' }, message: { method: 'prompts/list', params: era === '2026-07-28' ? { _meta: META } : {} }, cached: true },
        { label: `${era} tools/list with a bearer`, headers: { ...h('x'), 'mcp-method': 'tools/list', 'mcp-name': '', authorization: `Bearer ${bearer}` }, message: { method: 'tools/list', params: era === '2026-07-28' ? { _meta: META } : {} }, cached: true },
      );
      if (era === '2026-07-28') corpus.push({ label: `${era} server/discover`, headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' }, message: { method: 'server/discover', params: { _meta: META } }, cached: true });
      else {
        const initialize = (version: string) => ({ method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'answer-cache-test', version: '1' } } });
        corpus.push(
          { label: `${era} initialize`, headers: h('x'), message: initialize('2025-11-25'), cached: true },
          { label: `${era} initialize, an older version`, headers: h('x'), message: initialize('2025-03-26'), cached: true },
          { label: `${era} initialize, an unknown version`, headers: h('x'), message: initialize('1999-01-01'), cached: true },
        );
      }
    }
    corpus.push(
      { label: '2026 header names another tool (-32020)', headers: modern('get_project'), message: call2026('search_projects', { limit: 2 }), cached: false },
      { label: '2026 without mcp-name', headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' }, message: call2026('search_projects', { limit: 2 }), cached: false },
      { label: '2026 envelope, 2025 header', headers: legacy('2025-11-25'), message: call2026('search_projects', { limit: 2 }), cached: false },
      { label: 'unsupported protocol version header', headers: legacy('1999-01-01'), message: call2025('search_projects', { limit: 2 }), cached: false },
      { label: 'Accept: application/json only', headers: { ...legacy('2025-11-25'), accept: 'application/json' }, message: call2025('search_projects', { limit: 2 }), cached: true },
      { label: 'text/plain content type', headers: { ...legacy('2025-11-25'), 'content-type': 'text/plain' }, message: call2025('search_projects', { limit: 2 }), cached: false },
    );
    // Each round repeats the corpus with other ids: from the second round on, the cache answers both calls.
    for (const [round, ids] of [
      [7, 8],
      ['a "quoted" id ✓', 'another \u2028 id'],
      [0, Number.MAX_SAFE_INTEGER],
    ].entries()) {
      for (const call of corpus) {
        const hitsBefore = cached.vitrine.mcp.cacheHits;
        const first = comparable(await post(cached, ids[0], call));
        const second = comparable(await post(cached, ids[1], call));
        const hits = call.cached ? (round === 0 ? 1 : 2) : 0;
        assert.equal(cached.vitrine.mcp.cacheHits - hitsBefore, hits, `${call.label}, round ${round}: ${hits} of the two calls came from the cache`);
        const sdkFirst = comparable(await post(plain, ids[0], call));
        const sdkSecond = comparable(await post(plain, ids[1], call));
        for (const [mine, sdk, label] of [
          [first, sdkFirst, 'first call'],
          [second, sdkSecond, 'second call'],
        ] as const) {
          assert.equal(mine.status, sdk.status, `${call.label}, ${label}: status`);
          assert.deepEqual(mine.headers, sdk.headers, `${call.label}, ${label}: headers`);
          assert.deepEqual(mine.body, sdk.body, `${call.label}, ${label}: body`);
        }
        if (call.cached) {
          assert.equal(second.status, 200);
          assert.equal(second.body!.id, ids[1], `${call.label}: the answer carries its own request's id`);
          assert.equal(second.headers['mcp-session-id'], undefined, `${call.label}: stateless, no session`);
        }
      }
    }
  });

  it('shows a catalog change written through this process in the very next call', async () => {
    const call: Call = { label: 'get_project', headers: modern('get_project'), message: call2026('get_project', { slug }), cached: true };
    await post(cached, 1, call);
    const before = cached.vitrine.mcp.cacheHits;
    const old = await post(cached, 2, call);
    assert.equal(cached.vitrine.mcp.cacheHits, before + 1);
    const title = (old.body!.result as { structuredContent: { title: string } }).structuredContent.title;
    const record = (await cached.store.projects.getBySlug(slug))!;
    await cached.store.projects.upsert([{ ...record, title: `${title} (renamed)` }], cached.clock.now(), () => newId(cryptoRandom, 'prj'));
    // What the project editor does after every write (src/catalog/editor.ts).
    cached.vitrine.catalog.invalidate();
    const fresh = await post(cached, 3, call);
    assert.equal((fresh.body!.result as { structuredContent: { title: string } }).structuredContent.title, `${title} (renamed)`);
    assert.equal(cached.vitrine.mcp.cacheHits, before + 1, 'the SDK answered the first call after the change');
    await post(cached, 4, call);
    assert.equal(cached.vitrine.mcp.cacheHits, before + 2, 'and its answer is served from then on');
  });

  it('shows a studio profile saved through this process in the very next get_studio call', async () => {
    const call: Call = { label: 'get_studio', headers: legacy('2025-11-25'), message: call2025('get_studio', {}), cached: true };
    await post(cached, 1, call);
    const before = cached.vitrine.mcp.cacheHits;
    await post(cached, 2, call);
    assert.equal(cached.vitrine.mcp.cacheHits, before + 1);
    const profile = (await cached.vitrine.studio.current()).profile;
    await cached.vitrine.studio.save({ ...profile, name: 'Saved while cached' });
    const fresh = await post(cached, 3, call);
    assert.equal((fresh.body!.result as { structuredContent: { name: string } }).structuredContent.name, 'Saved while cached');
    assert.equal(cached.vitrine.mcp.cacheHits, before + 1, 'the SDK answered the first call after the save');
    await post(cached, 4, call);
    assert.equal(cached.vitrine.mcp.cacheHits, before + 2, 'and its answer is served from then on');
    await cached.vitrine.studio.save(profile);
  });

  it('sees a change made by another instance once the version check interval has passed, and keeps serving an unchanged entry past it', async () => {
    const call: Call = { label: 'search', headers: legacy('2025-11-25'), message: call2025('search_projects', { q: 'renamed again', limit: 5 }), cached: true };
    const empty = await post(cached, 1, call);
    assert.deepEqual((empty.body!.result as { structuredContent: { projects: unknown[] } }).structuredContent.projects, []);
    // Unchanged catalog, version re-read: the very same catalog entry, so the cache still answers.
    cached.clock.advance(cached.config.catalogVersionCheckMs);
    let before = cached.vitrine.mcp.cacheHits;
    await post(cached, 2, call);
    assert.equal(cached.vitrine.mcp.cacheHits, before + 1, 'revalidated against the same catalog entry');
    // Another instance writes (no invalidate here): seen after the interval, as REST reads see it.
    const record = (await cached.store.projects.getBySlug(slug))!;
    await cached.store.projects.upsert([{ ...record, title: 'Renamed again' }], cached.clock.now(), () => newId(cryptoRandom, 'prj'));
    cached.clock.advance(cached.config.catalogVersionCheckMs);
    before = cached.vitrine.mcp.cacheHits;
    const fresh = await post(cached, 3, call);
    assert.equal(cached.vitrine.mcp.cacheHits, before, 'the SDK answered after the change');
    assert.deepEqual((fresh.body!.result as { structuredContent: { projects: { slug: string }[] } }).structuredContent.projects.map((p) => p.slug), [slug]);
  });

  it('answers the official clients\' repeated calls from the cache (v1, v2 legacy and v2 2026-07-28)', async () => {
    const clients: [string, () => Promise<AnyClient>][] = [
      ['v1', () => connectV1(cached.baseUrl)],
      ['v2 legacy', () => connectV2(cached.baseUrl, 'legacy')],
      ['v2 auto', () => connectV2(cached.baseUrl, 'auto')],
    ];
    for (const [name, connect] of clients) {
      const client = await connect();
      try {
        const args = { q: `app ${name}`, limit: 2 };
        const first = await callTool(client, 'search_projects', args);
        const before = cached.vitrine.mcp.cacheHits;
        const second = await callTool(client, 'search_projects', args);
        assert.equal(cached.vitrine.mcp.cacheHits, before + 1, `${name}: the repeated call came from the cache`);
        assert.deepEqual(second, first, name);
      } finally {
        await client.close();
      }
    }
  });
});
