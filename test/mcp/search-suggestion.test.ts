import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { call, useBothEras } from './mcp-clients.js';

describe('MCP search_projects: a search that finds nothing offers its correction, as the catalog page does', () => {
  const suite = useBothEras();

  const texts = (result: { content: { text?: string }[] }) => result.content.map((c) => c.text);

  it('names the corrected q, or the industry a misspelt one names, after the unchanged JSON; the same when asked again', async () => {
    for (const [label, client] of suite.clients) {
      for (let round = 0; round < 2; round++) {
        const hits = suite.server.vitrine.mcp.cacheHits;
        const misspelt = await call(client, 'search_projects', { q: 'acessibility' });
        // Asked again, the answer cache serves it: it keeps every catalog entry the answer read.
        if (round === 1) assert.equal(suite.server.vitrine.mcp.cacheHits, hits + 1, `${label}: from the answer cache`);
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
