import { LEGACY_VERSIONS_SERVED, MODERN_VERSIONS_SERVED } from './versions.js';
import type { McpEndpoint } from './endpoint.js';
import { SERVER_NAME } from './instructions.js';

/**
 * MCP Server Card, SEP-2127 ("MCP Server Cards", modelcontextprotocol/modelcontextprotocol#2127),
 * in the shape of its normative schema (modelcontextprotocol/experimental-ext-server-card,
 * schema.ts): `$schema`, `name`, `version`, `description`, `title`, `websiteUrl`, `icons`,
 * `remotes[]` and `_meta`. The card deliberately lists no primitives; what an agent also
 * wants before connecting (tools with annotations, prompts, the resource template, the
 * capabilities and how authorization works) travels under `_meta["vitrine/…"]`, as the schema
 * allows for vendor data. Everything is read from the live endpoint, so it cannot drift.
 */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** experimental-ext-server-card docs/discovery.md §"MCP Server Cards" */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** The location scanners and registries probe first; linked from /, /llms.txt and the API catalog. */
export const SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';
/**
 * Where the card is served: `<streamable-http-url>/server-card` (the location the current
 * discovery.md reserves), the `.well-known` paths earlier drafts and today's scanners probe,
 * and `/.well-known/mcp.json` (SEP-1649, older scanners).
 */
export const SERVER_CARD_PATHS = ['/mcp/server-card', SERVER_CARD_PATH, '/.well-known/mcp/server-card', '/.well-known/mcp.json'] as const;

export interface ServerCard {
  $schema: string;
  name: string;
  version: string;
  description: string;
  title?: string;
  websiteUrl?: string;
  icons?: { src: string; mimeType?: string; sizes?: string[] }[];
  remotes: Remote[];
  _meta: Record<string, unknown>;
}

interface Remote {
  type: 'streamable-http';
  url: string;
  headers?: Record<string, unknown>[];
  supportedProtocolVersions: string[];
}

interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
}

/** schema.ts `name`: reverse-DNS namespace, one slash (`example.studio/vitrine` for studio.example). */
export function serverCardName(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  const namespace = /^[\d.]+$/.test(host) || !host.includes('.') ? host : host.split('.').reverse().join('.');
  return `${namespace.replace(/[^a-zA-Z0-9.-]/g, '-')}/${SERVER_NAME}`;
}

const MODERN = MODERN_VERSIONS_SERVED[0]!;
const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'vitrine-server-card', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };

/** One JSON-RPC call to the endpoint, exactly as a 2026-07-28 client would make it. */
async function ask<T>(endpoint: McpEndpoint, baseUrl: string, method: string): Promise<T> {
  const request = new Request(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': method },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: MODERN_META } }),
  });
  const response = await endpoint.handle(request, null);
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (!body.result) throw new Error(`server card: ${method} failed: ${body.error?.message ?? response.status}`);
  return body.result;
}

/** Builds the card from the endpoint's own answers: server/discover, tools/list, prompts/list, resources/templates/list. */
export async function buildServerCard(endpoint: McpEndpoint, baseUrl: string): Promise<ServerCard> {
  const discover = await ask<{ supportedVersions: string[]; capabilities: Record<string, unknown>; _meta?: Record<string, { name: string; version: string }> }>(endpoint, baseUrl, 'server/discover');
  const { tools } = await ask<{ tools: ListedTool[] }>(endpoint, baseUrl, 'tools/list');
  const { prompts } = await ask<{ prompts: { name: string; title?: string; description?: string }[] }>(endpoint, baseUrl, 'prompts/list');
  const { resourceTemplates } = await ask<{ resourceTemplates: { uriTemplate: string; mimeType?: string }[] }>(endpoint, baseUrl, 'resources/templates/list');
  const info = discover._meta?.['io.modelcontextprotocol/serverInfo'];
  if (!info) throw new Error('server card: server/discover named no serverInfo');
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: serverCardName(baseUrl),
    version: info.version,
    // schema.ts: at most 100 characters.
    description: 'A studio\'s portfolio catalog: search delivered projects and send the studio inquiries.',
    title: 'Portfolio catalog',
    websiteUrl: `${baseUrl}/`,
    icons: [{ src: `${baseUrl}/assets/favicon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }],
    remotes: [
      {
        type: 'streamable-http',
        url: `${baseUrl}/mcp`,
        headers: [
          {
            name: 'Authorization',
            description: `Optional: reads and anonymous inquiries need no credential. A bearer token attributes inquiries to your client; get one as ${baseUrl}/auth.md explains.`,
            isRequired: false,
            isSecret: true,
            value: 'Bearer {token}',
            variables: { token: { description: 'An access token or API key from this service.', isRequired: false, isSecret: true } },
          },
        ],
        supportedProtocolVersions: [...new Set([...discover.supportedVersions, ...LEGACY_VERSIONS_SERVED])],
      },
    ],
    _meta: {
      'vitrine/serverInfo': info,
      'vitrine/capabilities': discover.capabilities,
      'vitrine/tools': tools.map(({ name, title, description, annotations }) => ({ name, title, description, annotations })),
      'vitrine/prompts': prompts.map(({ name, title, description }) => ({ name, title, description })),
      'vitrine/resourceTemplates': resourceTemplates.map(({ uriTemplate, mimeType }) => ({ uriTemplate, mimeType })),
      'vitrine/authorization': {
        // RFC 9728 §3.1: the MCP endpoint's own, path-suffixed protected resource metadata.
        protectedResourceMetadata: `${baseUrl}/.well-known/oauth-protected-resource/mcp`,
        anonymousAccess: true,
        documentation: `${baseUrl}/auth.md`,
      },
    },
  };
}
