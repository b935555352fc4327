import { expect, type Check } from './check.js';

interface Card {
  $schema?: string;
  name?: string;
  version?: string;
  remotes?: { type?: string; url?: string; supportedProtocolVersions?: string[] }[];
}

const ACCEPT = 'application/json, text/event-stream';

/** The MCP server card (SEP-2127) and a real handshake with the endpoint it names. */
export const mcpChecks: Check[] = [
  {
    name: 'MCP server card',
    spec: 'SEP-2127',
    async run(probe) {
      const card = await probe.json<Card>('/.well-known/mcp/server-card.json', 'application/mcp-server-card+json', { accept: 'application/mcp-server-card+json' });
      expect(card.$schema?.includes('server-card'), 'no server-card $schema');
      expect(card.name && card.version, 'no name or version');
      const remote = card.remotes?.find((r) => r.type === 'streamable-http');
      expect(remote?.url, 'no streamable-http remote');
      return `${card.name} ${card.version} at ${remote.url}`;
    },
  },
  {
    name: 'MCP handshake',
    spec: 'MCP 2025-11-25 lifecycle',
    async run(probe) {
      const card = await probe.json<Card>('/.well-known/mcp/server-card.json', 'application/mcp-server-card+json');
      const endpoint = card.remotes?.find((r) => r.type === 'streamable-http')?.url ?? probe.url('/mcp');
      const init = await probe.post(endpoint, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'check-agent-ready', version: '1' } } }, { accept: ACCEPT });
      const initBody = (await init.json().catch(() => ({}))) as { result?: { protocolVersion?: string; capabilities?: Record<string, unknown> } };
      expect(init.status === 200 && initBody.result?.protocolVersion, `initialize: HTTP ${init.status}`);
      const version = initBody.result.protocolVersion;
      const headers = { accept: ACCEPT, 'mcp-protocol-version': version };
      const note = await probe.post(endpoint, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
      await note.arrayBuffer();
      const counts: string[] = [];
      for (const [method, key] of [['tools/list', 'tools'], ['resources/list', 'resources'], ['prompts/list', 'prompts']] as const) {
        const res = await probe.post(endpoint, { jsonrpc: '2.0', id: 2, method }, headers);
        const body = (await res.json().catch(() => ({}))) as { result?: Record<string, unknown[]> };
        expect(Array.isArray(body.result?.[key]), `${method}: no ${key} (HTTP ${res.status})`);
        counts.push(`${body.result[key].length} ${key}`);
      }
      return `${version}: ${counts.join(', ')}`;
    },
  },
];
