import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { AuthorizationServerMetadataSchema, ProtectedResourceMetadataSchema } from '../openapi/oauth-schemas.js';
import { respondWith } from '../responses/response-headers.js';

const JSON_PUBLIC = Object.freeze({ 'content-type': 'application/json', 'cache-control': 'public, max-age=300' });

/** RFC 8414 §3 and RFC 9728 §3 discovery documents (seed §1, §4.14). */
export function registerWellKnownRoutes(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  const documents: [string, string, string, Readonly<Record<string, unknown>>, typeof AuthorizationServerMetadataSchema | typeof ProtectedResourceMetadataSchema][] = [
    ['/.well-known/oauth-authorization-server', 'getAuthorizationServerMetadata', 'OAuth authorization server metadata (RFC 8414) with the agent_auth block', oauth.authorizationServerMetadata, AuthorizationServerMetadataSchema],
    ['/.well-known/oauth-protected-resource', 'getProtectedResourceMetadata', 'Protected resource metadata for the API (RFC 9728)', oauth.protectedResourceMetadata(''), ProtectedResourceMetadataSchema],
    ['/.well-known/oauth-protected-resource/mcp', 'getMcpProtectedResourceMetadata', 'Protected resource metadata for the MCP endpoint (RFC 9728 §3.1 path-suffixed)', oauth.protectedResourceMetadata('/mcp'), ProtectedResourceMetadataSchema],
  ];
  for (const [path, operationId, summary, document, schema] of documents) {
    const body = JSON.stringify(document);
    app.openAPIRegistry.registerPath({
      method: 'get',
      path,
      tags: ['Discovery'],
      operationId,
      summary,
      responses: { 200: { description: summary, content: { 'application/json': { schema } } } },
    });
    app.get(path, (c) => respondWith(c, body, 200, JSON_PUBLIC));
  }
}
