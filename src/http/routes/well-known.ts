import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { AuthorizationServerMetadataSchema, ProtectedResourceMetadataSchema } from '../openapi/oauth-schemas.js';
import { representationOf } from '../../lib/representation.js';
import { keptHeaders, sendKept } from '../responses/cached-response.js';

const CACHE = 'public, max-age=300';

/** RFC 9110 §8.8.3: the documents are fixed per configuration, so each is sent with a strong ETag (304 on If-None-Match). */
export const VALIDATED = {
  headers: { ETag: { schema: { type: 'string' as const }, required: true } },
} as const;
export const NOT_MODIFIED = { 304: { description: 'Not modified (If-None-Match matched the ETag).' } } as const;

/** RFC 8414 §3 and RFC 9728 §3 discovery documents (seed §1, §4.14). */
export function registerWellKnownRoutes(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  const documents: [string, string, string, Readonly<Record<string, unknown>>, typeof AuthorizationServerMetadataSchema | typeof ProtectedResourceMetadataSchema][] = [
    ['/.well-known/oauth-authorization-server', 'getAuthorizationServerMetadata', 'OAuth authorization server metadata (RFC 8414) with the agent_auth block', oauth.authorizationServerMetadata, AuthorizationServerMetadataSchema],
    ['/.well-known/oauth-protected-resource', 'getProtectedResourceMetadata', 'Protected resource metadata for the API (RFC 9728)', oauth.protectedResourceMetadata(''), ProtectedResourceMetadataSchema],
    ['/.well-known/oauth-protected-resource/mcp', 'getMcpProtectedResourceMetadata', 'Protected resource metadata for the MCP endpoint (RFC 9728 §3.1 path-suffixed)', oauth.protectedResourceMetadata('/mcp'), ProtectedResourceMetadataSchema],
  ];
  for (const [path, operationId, summary, document, schema] of documents) {
    const body = representationOf(JSON.stringify(document));
    const headers = keptHeaders(body, 'application/json', CACHE, {});
    app.openAPIRegistry.registerPath({
      method: 'get',
      path,
      tags: ['Discovery'],
      operationId,
      summary,
      responses: { 200: { description: summary, content: { 'application/json': { schema } }, ...VALIDATED }, ...NOT_MODIFIED },
    });
    app.get(path, (c) => sendKept(c, body, headers));
  }
}
