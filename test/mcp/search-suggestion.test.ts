import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { call, connectV1, connectV2, type AnyClient } from './mcp-clients.js';

describe('MCP search_projects: a search that finds nothing offers its correction, as the catalog page does', () => {
  let server: TestServer;
  const clients: [string, AnyClient][] = [];
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    clients.push(['v1 SDK (2025-11-25)', await connectV1(server.baseUrl)], ['v2 SDK (2026-07-28)', await connectV2(server.baseUrl, 'auto')]);
  });
  after(async () => {
    for (const [, client] of clients) await client.close();
    await server.close();
  });

  const texts = (result: { content: { text?: string }[] }) => result.content.map((c) => c.text);

  it('names the corrected q, or the industry a misspelt one names, after the unchanged JSON; the same when asked again', async () => {
    for (const [label, client] of clients) {
      for (let round = 0; round < 2; round++) {
        const hits = server.vitrine.mcp.cacheHits;
        const misspelt = await call(client, 'search_projects', { q: 'acessibility' });
        // Asked again, the answer cache serves it: it keeps every catalog entry the answer read.
        if (round === 1) assert.equal(server.vitrine.mcp.cacheHits, hits + 1, `${label}: from the answer cache`);
        assert.deepEqual(misspelt.structuredContent, { projects: [], next_cursor: null }, label);
        assert.deepEqual(texts(misspelt), ['{"projects":[],"next_cursor":null}', 'No project matches q "acessibility". Did you mean q: "accessibility"? Call search_projects again with it.'], label);
        const industry = await call(client, 'search_projects', { q: 'helthcare' });
        assert.match(texts(industry)[1]!, /Did you mean industry: "healthcare" \(without q: the search does not cover the industry\)\?/, label);
      }
      // The suggestion leads to projects.
      assert.ok(((await call(client, 'search_projects', { q: 'accessibility' })).structuredContent!.projects as unknown[]).length > 0, label);
      assert.ok(((await call(client, 'search_projects', { industry: 'healthcare' })).structuredContent!.projects as unknown[]).length > 0, label);
      // Nothing near, or results: the answer is the JSON alone.
      assert.equal(texts(await call(client, 'search_projects', { q: 'zzqxv' })).length, 1, label);
      assert.equal(texts(await call(client, 'search_projects', { q: 'accessibility' })).length, 1, label);
    }
  });
});
