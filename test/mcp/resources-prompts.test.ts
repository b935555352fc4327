import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { connectV1, connectV2, type AnyClient } from './mcp-clients.js';

interface ListedResource {
  uri: string;
  name: string;
  mimeType?: string;
  annotations?: { lastModified?: string };
}

const CLIENTS: { label: string; connect: (baseUrl: string) => Promise<AnyClient> }[] = [
  { label: 'v1 @modelcontextprotocol/sdk (initialize handshake)', connect: (u) => connectV1(u) },
  { label: 'v2 @modelcontextprotocol/client (2026-07-28)', connect: (u) => connectV2(u, 'auto') },
];

/** Every slug the REST API publishes, for comparison. */
async function publishedSlugs(baseUrl: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let url: string | null = `${baseUrl}/api/v1/projects?limit=100&sort=title`; url; ) {
    const page = (await (await fetch(url)).json()) as { data: { slug: string }[]; next_cursor: string | null };
    slugs.push(...page.data.map((p) => p.slug));
    url = page.next_cursor ? `${baseUrl}/api/v1/projects?limit=100&sort=title&cursor=${page.next_cursor}` : null;
  }
  return slugs;
}

describe('MCP resources and prompts through the official clients', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    // More projects than one resources/list page holds, so paging is exercised.
    const { id: _id, ...fields } = (await server.store.projects.getBySlug('atlas-regional-trip-planner'))!;
    const extra = Array.from({ length: 110 }, (_, i) => ({ ...fields, slug: `extra-project-${String(i).padStart(3, '0')}`, title: `Extra project ${i}`, featured: false }));
    await server.store.projects.upsert(extra, server.clock.now(), () => newId(cryptoRandom, 'prj'));
  });
  after(async () => server.close());

  for (const { label, connect } of CLIENTS) {
    describe(label, () => {
      let client: AnyClient;
      before(async () => {
        client = await connect(server.baseUrl);
      });
      after(async () => client.close());

      it('declares resources and prompts with listChanged: false', () => {
        const caps = client.getServerCapabilities() as Record<string, { listChanged?: boolean; subscribe?: boolean }>;
        assert.equal(caps.resources?.listChanged, false);
        assert.equal(caps.resources?.subscribe, undefined, 'no subscriptions on a stateless server');
        assert.equal(caps.prompts?.listChanged, false);
        assert.equal(caps.tools?.listChanged, false);
      });

      it('pages resources/list through every published project exactly once, as text/markdown with lastModified', async () => {
        const seen: ListedResource[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = (await client.listResources(cursor ? { cursor } : {})) as { resources: ListedResource[]; nextCursor?: string };
          seen.push(...page.resources);
          cursor = page.nextCursor;
          pages++;
        } while (cursor);
        // The v2 client follows nextCursor itself when called without one; v1 returns each page.
        if (label.startsWith('v1')) assert.ok(pages >= 2, 'more than one page');
        const slugs = await publishedSlugs(server.baseUrl);
        assert.deepEqual(seen.map((r) => r.name), slugs);
        for (const resource of seen) {
          assert.equal(resource.uri, `${server.baseUrl}/projects/${resource.name}.md`);
          assert.equal(resource.mimeType, 'text/markdown');
          assert.match(resource.annotations?.lastModified ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        }
      });

      it('hands out a nextCursor that continues the list without overlap', async () => {
        const first = (await client.listResources({ cursor: undefined as unknown as string })) as { resources: ListedResource[]; nextCursor?: string };
        if (!first.nextCursor) return assert.ok(label.startsWith('v2'), 'v1 must see a first page with a cursor');
        const second = (await client.listResources({ cursor: first.nextCursor })) as { resources: ListedResource[] };
        assert.equal(first.resources.length, 100);
        assert.ok(second.resources.length > 0);
        const names = new Set(first.resources.map((r) => r.name));
        assert.ok(second.resources.every((r) => !names.has(r.name)));
      });

      it('rejects a cursor it did not issue with -32602 (MCP pagination)', async () => {
        await assert.rejects(client.listResources({ cursor: 'not-a-cursor' }), (error: { code?: number }) => error.code === -32602);
      });

      it('rejects any cursor on the one-page lists (tools, prompts, resource templates) with -32602 (MCP pagination §"Error Handling")', async () => {
        const lists = [() => client.listTools({ cursor: 'page-2' }), () => client.listPrompts({ cursor: 'page-2' }), () => client.listResourceTemplates({ cursor: 'page-2' })];
        for (const list of lists) await assert.rejects(list(), (error: { code?: number; message?: string }) => error.code === -32602 && /Invalid cursor: .*call it without one/.test(error.message ?? ''));
        // Without a cursor, each is still served whole.
        assert.equal(((await client.listTools()) as { tools: unknown[] }).tools.length, 5);
      });

      it('lists the project URI template and reads a project resource: the same Markdown as its mirror URL', async () => {
        const { resourceTemplates } = (await client.listResourceTemplates()) as { resourceTemplates: { uriTemplate: string; mimeType?: string }[] };
        assert.deepEqual(resourceTemplates.map((t) => [t.uriTemplate, t.mimeType]), [[`${server.baseUrl}/projects/{slug}.md`, 'text/markdown']]);
        const uri = `${server.baseUrl}/projects/atlas-regional-trip-planner.md`;
        const { contents } = (await client.readResource({ uri })) as { contents: { uri: string; mimeType?: string; text?: string }[] };
        assert.equal(contents.length, 1);
        assert.equal(contents[0]!.uri, uri);
        assert.equal(contents[0]!.mimeType, 'text/markdown');
        assert.equal(contents[0]!.text, await (await fetch(uri)).text());
      });

      it('answers an unknown project URI (or one no template matches) with the resource-not-found code of the negotiated revision', async () => {
        // server/resources §"Error Handling": -32002 through 2025-11-25; 2026-07-28 (SEP-2164): -32602.
        const code = label.startsWith('v1') ? -32002 : -32602;
        for (const uri of [`${server.baseUrl}/projects/no-such-project.md`, 'file:///etc/passwd']) {
          await assert.rejects(client.readResource({ uri }), (error: { code?: number; data?: unknown }) => {
            assert.equal(error.code, code, uri);
            assert.deepEqual(error.data, { uri });
            return true;
          });
        }
      });

      it('lists the prompts find_similar_work and draft_inquiry with their arguments', async () => {
        const { prompts } = (await client.listPrompts()) as { prompts: { name: string; arguments?: { name: string; required?: boolean }[] }[] };
        const byName = new Map(prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => `${a.name}${a.required ? '!' : ''}`)]));
        assert.deepEqual(byName.get('find_similar_work'), ['need!']);
        assert.deepEqual(byName.get('draft_inquiry'), ['need!', 'project_slug!']);
      });

      it('gets find_similar_work: a message that runs the catalog tools on the need', async () => {
        const result = (await client.getPrompt({ name: 'find_similar_work', arguments: { need: 'a booking app for dental clinics' } })) as { messages: { role: string; content: { type: string; text?: string } }[] };
        const text = result.messages.map((m) => m.content.text ?? '').join('\n');
        assert.match(text, /a booking app for dental clinics/);
        for (const tool of ['list_facets', 'search_projects', 'get_project']) assert.ok(text.includes(tool), tool);
      });

      it('gets draft_inquiry: the project embedded as a resource and instructions for submit_inquiry', async () => {
        const result = (await client.getPrompt({ name: 'draft_inquiry', arguments: { need: 'the same for ferries', project_slug: 'atlas-regional-trip-planner' } })) as {
          messages: { role: string; content: { type: string; text?: string; resource?: { uri: string; text?: string } } }[];
        };
        const embedded = result.messages.find((m) => m.content.type === 'resource');
        assert.equal(embedded?.content.resource?.uri, `${server.baseUrl}/projects/atlas-regional-trip-planner.md`);
        assert.match(embedded?.content.resource?.text ?? '', /^# Atlas Regional Trip Planner/);
        // One URI, one text: the embedded resource is what resources/read and the mirror URL give.
        assert.equal(embedded?.content.resource?.text, await (await fetch(embedded!.content.resource!.uri)).text());
        const text = result.messages.map((m) => m.content.text ?? '').join('\n');
        assert.match(text, /submit_inquiry/);
        assert.match(text, /project_slugs: \["atlas-regional-trip-planner"\]/);
        await assert.rejects(client.getPrompt({ name: 'draft_inquiry', arguments: { need: 'x', project_slug: 'no-such-project' } }), (error: { code?: number }) => error.code === -32602);
      });
    });
  }
});
