import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { connectV2 } from './mcp-clients.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const PATHS = ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card', '/.well-known/mcp.json', '/mcp/server-card'];

interface Card {
  $schema: string;
  name: string;
  version: string;
  description: string;
  remotes: { type: string; url: string; headers?: { name: string; isRequired?: boolean; isSecret?: boolean }[]; supportedProtocolVersions?: string[] }[];
  _meta: Record<string, unknown>;
}

describe('MCP server card (SEP-2127, experimental-ext-server-card schema)', () => {
  let server: TestServer;
  let card: Card;
  before(async () => {
    server = await startTestServer({ demo: false });
    card = (await (await fetch(`${server.baseUrl}${PATHS[0]}`)).json()) as Card;
  });
  after(() => server.close());

  it('serves the same card at every probed location, as application/mcp-server-card+json, to any origin', async () => {
    for (const path of PATHS) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { origin: 'https://registry.example', accept: 'application/mcp-server-card+json' } });
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-type'), 'application/mcp-server-card+json', path);
      assert.equal(res.headers.get('access-control-allow-origin'), '*', `${path}: discovery.md §CORS`);
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /etag/i, path);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=3600', `${path}: discovery.md §Caching`);
      assert.deepEqual(await res.json(), card, path);
      const again = await fetch(`${server.baseUrl}${path}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
      assert.equal(again.status, 304, `${path}: ETag revalidation`);
    }
  });

  it('has the schema\'s required fields in their required shapes', () => {
    assert.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    assert.equal(card.name, '127.0.0.1/vitrine');
    assert.equal(card.version, PACKAGE_VERSION);
    assert.ok(card.description.length >= 1 && card.description.length <= 100);
    for (const key of Object.keys(card._meta)) assert.match(key, /^[a-zA-Z][a-zA-Z0-9-]*\/[a-zA-Z0-9][a-zA-Z0-9._-]*$/, `_meta key ${key}`);
  });

  it('names the Streamable HTTP endpoint, the protocol versions it really serves, and an optional secret Authorization header', async () => {
    assert.equal(card.remotes.length, 1);
    const [remote] = card.remotes;
    assert.equal(remote!.type, 'streamable-http');
    assert.equal(remote!.url, `${server.baseUrl}/mcp`);
    assert.deepEqual(remote!.headers?.map((h) => [h.name, h.isRequired, h.isSecret]), [['Authorization', false, true]]);
    const versions = remote!.supportedProtocolVersions ?? [];
    for (const version of ['2026-07-28', '2025-11-25', '2025-06-18']) assert.ok(versions.includes(version), version);
    // Each listed 2025-era version completes the initialize handshake.
    for (const version of versions.filter((v) => v.startsWith('2025-'))) {
      const res = await fetch(remote!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'card-test', version: '1' } } }),
      });
      assert.equal(((await res.json()) as { result: { protocolVersion: string } }).result.protocolVersion, version);
    }
  });

  it('carries tools with their annotations, prompts, capabilities and auth exactly as the live server reports them', async () => {
    const client = await connectV2(server.baseUrl, 'auto');
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        card._meta['vitrine/tools'],
        tools.map(({ name, title, description, annotations }) => ({ name, title, description, annotations })),
      );
      const { prompts } = await client.listPrompts();
      assert.deepEqual((card._meta['vitrine/prompts'] as { name: string }[]).map((p) => p.name), prompts.map((p) => p.name));
      assert.deepEqual(card._meta['vitrine/capabilities'], client.getServerCapabilities());
      assert.deepEqual(card._meta['vitrine/serverInfo'], client.getServerVersion());
    } finally {
      await client.close();
    }
    const auth = card._meta['vitrine/authorization'] as { protectedResourceMetadata: string; anonymousAccess: boolean };
    assert.equal(auth.anonymousAccess, true);
    const prm = (await (await fetch(auth.protectedResourceMetadata)).json()) as { resource: string };
    assert.equal(prm.resource, `${server.baseUrl}/mcp`, 'RFC 9728: the metadata of the endpoint the card names');
  });

  it('is linked from the home page, /llms.txt and the RFC 9727 API catalog', async () => {
    const home = await fetch(`${server.baseUrl}/`);
    assert.ok((home.headers.get('link') ?? '').includes(`<${server.baseUrl}/.well-known/mcp/server-card.json>`));
    await home.arrayBuffer();
    assert.ok((await (await fetch(`${server.baseUrl}/llms.txt`)).text()).includes(`(${server.baseUrl}/.well-known/mcp/server-card.json)`));
    const catalog = (await (await fetch(`${server.baseUrl}/.well-known/api-catalog`)).json()) as { linkset: { anchor: string; 'service-meta'?: { href: string; type?: string }[] }[] };
    const mcp = catalog.linkset.find((entry) => entry.anchor === `${server.baseUrl}/mcp`);
    assert.ok(mcp?.['service-meta']?.some((l) => l.href === `${server.baseUrl}/.well-known/mcp/server-card.json` && l.type === 'application/mcp-server-card+json'));
  });
});
