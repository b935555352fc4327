import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { call, connectV1, connectV2, schemaErrors, textOf, type AnyClient } from './mcp-clients.js';

const TOOL_NAMES = ['get_project', 'get_studio', 'list_facets', 'search_projects', 'submit_inquiry'];
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

interface ListedTool {
  name: string;
  outputSchema?: object;
}

/**
 * The same checks through each official client and protocol era: the v1 SDK (2025 handshake),
 * the v2 SDK pinned to its legacy handshake, and the v2 SDK negotiating 2026-07-28.
 */
const CLIENTS: { label: string; era: RegExp; connect: (baseUrl: string) => Promise<AnyClient> }[] = [
  { label: 'v1 @modelcontextprotocol/sdk (initialize handshake)', era: /^2025-/, connect: (u) => connectV1(u) },
  { label: 'v2 @modelcontextprotocol/client, legacy mode', era: /^2025-/, connect: (u) => connectV2(u, 'legacy') },
  { label: 'v2 @modelcontextprotocol/client, auto negotiation (server/discover)', era: /^2026-07-28$/, connect: (u) => connectV2(u, 'auto') },
];

function negotiatedVersion(client: AnyClient): string | undefined {
  if ('getNegotiatedProtocolVersion' in client) return client.getNegotiatedProtocolVersion();
  return (client as unknown as { transport?: { protocolVersion?: string } }).transport?.protocolVersion;
}

describe('MCP over Streamable HTTP with the official clients (seed §4.7, docs/design.md §8)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  for (const { label, era, connect } of CLIENTS) {
    describe(label, () => {
      let client: AnyClient;
      let schemas: Map<string, object>;
      before(async () => {
        client = await connect(server.baseUrl);
        const { tools } = (await client.listTools()) as { tools: ListedTool[] };
        schemas = new Map(tools.map((t) => [t.name, t.outputSchema ?? {}]));
      });
      after(async () => client.close());

      it('negotiates the expected protocol era and reports the server identity and instructions', () => {
        assert.match(negotiatedVersion(client) ?? '', era);
        assert.deepEqual(client.getServerVersion(), { name: 'vitrine', version: PACKAGE_VERSION });
        const instructions = client.getInstructions() ?? '';
        assert.ok(instructions.includes(`${server.baseUrl}/auth.md`), instructions);
        assert.match(instructions, /sandbox/);
      });

      it('lists the five tools, each with an output schema', () => {
        assert.deepEqual([...schemas.keys()].sort(), TOOL_NAMES);
        for (const [name, schema] of schemas) assert.equal((schema as { type?: string }).type, 'object', name);
      });

      it('search_projects returns compact projects matching its outputSchema, with the REST order and cursor', async () => {
        const result = await call(client, 'search_projects', { limit: 2 });
        assert.equal(result.isError, undefined, textOf(result));
        assert.equal(schemaErrors(schemas.get('search_projects')!, result.structuredContent), null);
        const page = result.structuredContent as { projects: { slug: string }[]; next_cursor: string | null };
        assert.equal(page.projects.length, 2);
        assert.deepEqual(JSON.parse(textOf(result)), result.structuredContent, 'the text copy is the same JSON');

        const rest = (await (await fetch(`${server.baseUrl}/api/v1/projects?limit=2`)).json()) as { data: { slug: string }[]; next_cursor: string };
        assert.deepEqual(page.projects.map((p) => p.slug), rest.data.map((p) => p.slug));
        assert.equal(page.next_cursor, rest.next_cursor);

        const next = await call(client, 'search_projects', { limit: 2, cursor: page.next_cursor });
        const nextSlugs = (next.structuredContent as { projects: { slug: string }[] }).projects.map((p) => p.slug);
        assert.equal(nextSlugs.some((s) => page.projects.some((p) => p.slug === s)), false, 'the second page continues the first');
      });

      it('get_project returns the full project matching its outputSchema', async () => {
        const result = await call(client, 'get_project', { slug: 'atlas-regional-trip-planner' });
        assert.equal(result.isError, undefined, textOf(result));
        assert.equal(schemaErrors(schemas.get('get_project')!, result.structuredContent), null);
        const rest = await (await fetch(`${server.baseUrl}/api/v1/projects/atlas-regional-trip-planner`)).json();
        assert.deepEqual(result.structuredContent, rest);
      });

      it('list_facets returns the facet counts matching its outputSchema', async () => {
        const result = await call(client, 'list_facets');
        assert.equal(result.isError, undefined, textOf(result));
        assert.equal(schemaErrors(schemas.get('list_facets')!, result.structuredContent), null);
        assert.deepEqual(result.structuredContent, await (await fetch(`${server.baseUrl}/api/v1/facets`)).json());
      });

      it('list_facets with a search and filters counts just what search_projects lists for them', async () => {
        const result = await call(client, 'list_facets', { q: 'maps', year: 2024 });
        assert.equal(result.isError, undefined, textOf(result));
        assert.equal(schemaErrors(schemas.get('list_facets')!, result.structuredContent), null);
        assert.deepEqual(result.structuredContent, await (await fetch(`${server.baseUrl}/api/v1/facets?q=maps&year=2024`)).json());
        const listed = await call(client, 'search_projects', { q: 'maps', year: 2024, limit: 25 });
        const total = (result.structuredContent as { total: number }).total;
        assert.ok(total > 0);
        assert.equal((listed.structuredContent as { projects: unknown[] }).projects.length, total);
        const refused = await call(client, 'list_facets', { limit: 5 });
        assert.equal(refused.isError, true, 'an argument that does not narrow is refused');
      });

      it('submit_inquiry in the sandbox answers with a receipt matching its outputSchema and stores nothing', async () => {
        const before = await server.store.inquiries.count();
        const result = await call(client, 'submit_inquiry', {
          name: 'Grace Hopper',
          email: 'grace@example.com',
          message: 'Rehearsing an inquiry through MCP before sending it for real.',
          idempotency_key: `sandbox-${label}`,
          sandbox: true,
        });
        assert.equal(result.isError, undefined, textOf(result));
        assert.equal(schemaErrors(schemas.get('submit_inquiry')!, result.structuredContent), null);
        assert.equal(result.structuredContent?.sandbox, true);
        assert.equal(result.structuredContent?.status, 'received');
        assert.equal(await server.store.inquiries.count(), before);
      });

      it('reports an unknown slug as an isError result that says what to do next', async () => {
        const result = await call(client, 'get_project', { slug: 'no-such-project' });
        assert.equal(result.isError, true);
        assert.match(textOf(result), /^not_found: /);
        assert.match(textOf(result), /search_projects/);
      });
    });
  }
});
