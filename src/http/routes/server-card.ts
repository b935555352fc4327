import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { McpEndpoint } from '../../mcp/endpoint.js';
import { buildServerCard, SERVER_CARD_MEDIA_TYPE, SERVER_CARD_PATHS } from '../../mcp/server-card.js';
import type { AppEnv } from '../env.js';
import { sendText } from '../responses/html-response.js';

/** Names a generated client can call: the well-known location first, the others as what they are. */
const SERVER_CARD_OPERATIONS: Record<(typeof SERVER_CARD_PATHS)[number], string> = {
  '/.well-known/mcp/server-card.json': 'getMcpServerCard',
  '/.well-known/mcp/server-card': 'getMcpServerCardWithoutExtension',
  '/.well-known/mcp.json': 'getMcpJson',
  '/mcp/server-card': 'getMcpServerCardBesideEndpoint',
};

const ServerCardSchema = z
  .object({
    $schema: z.string().url(),
    name: z.string().regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
    version: z.string(),
    description: z.string().max(100),
    title: z.string().optional(),
    websiteUrl: z.string().url().optional(),
    icons: z.array(z.object({ src: z.string(), mimeType: z.string().optional(), sizes: z.array(z.string()).optional() })).optional(),
    remotes: z.array(
      z.object({
        type: z.enum(['streamable-http', 'sse']),
        url: z.string(),
        headers: z.array(z.record(z.string(), z.unknown())).optional(),
        supportedProtocolVersions: z.array(z.string()).optional(),
      }),
    ),
    _meta: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('McpServerCard', { description: 'MCP Server Card (SEP-2127): identity, the Streamable HTTP endpoint and its protocol versions; tools, prompts, capabilities and authorization under `_meta["vitrine/…"]`.' });

/**
 * The MCP server card at every location scanners probe (src/mcp/server-card.ts). Built from
 * the live endpoint on first request and kept: the tool surface is fixed for the process.
 * experimental-ext-server-card docs/discovery.md §CORS and §Caching: any origin, an ETag with
 * 304s, and `Cache-Control: public, max-age=3600`.
 */
export function registerServerCardRoutes(app: OpenAPIHono<AppEnv>, options: { endpoint: McpEndpoint; publicUrl: string }): void {
  let card: Promise<string> | null = null;
  const load = () => {
    card ??= buildServerCard(options.endpoint, options.publicUrl).then((value) => `${JSON.stringify(value, null, 2)}\n`, (error: unknown) => {
      card = null;
      throw error;
    });
    return card;
  };
  for (const path of SERVER_CARD_PATHS) {
    app.openAPIRegistry.registerPath({
      method: 'get',
      path,
      tags: ['Discovery'],
      operationId: SERVER_CARD_OPERATIONS[path],
      summary: 'MCP server card (SEP-2127): where and how to connect to the MCP endpoint, generated from the live server',
      responses: {
        200: { description: 'The server card.', content: { [SERVER_CARD_MEDIA_TYPE]: { schema: ServerCardSchema } }, headers: { ETag: { schema: { type: 'string' } } } },
        304: { description: 'Not modified.' },
      },
    });
    app.get(path, async (c) => {
      return sendText(c, await load(), {
        contentType: SERVER_CARD_MEDIA_TYPE,
        cacheControl: 'public, max-age=3600',
        headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' },
      });
    });
  }
}
