import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { cachedJson, type Cached } from '../../catalog/service.js';
import { sendCached } from '../responses/cached-response.js';
import type { AppEnv } from '../env.js';
import { buildOpenApiDocument, type OpenApiOptions } from '../openapi/document.js';
import type { OpenApiDocument } from '../openapi/types.js';
import { studioInfo, type StudioInfo } from '../openapi/studio-info.js';

export const OPENAPI_PATH = '/openapi.json';

const OpenApiDocumentSchema = z
  .object({
    openapi: z.string().openapi({ example: '3.1.0' }),
    info: z.object({ title: z.string(), version: z.string() }).passthrough(),
    paths: z.record(z.string(), z.object({}).passthrough()),
  })
  .passthrough()
  .openapi('OpenApiDocument', { description: 'This document: OpenAPI 3.1, generated from the route schemas.' });

/**
 * Serves the generated document. The route set is fixed once createApp returns, so the document
 * is built on the first request and kept, with a strong ETag (RFC 9110 §8.8.3).
 */
export function registerOpenApiRoute(
  app: OpenAPIHono<AppEnv>,
  options: OpenApiOptions & { studio: () => Promise<StudioInfo> },
): { document(): OpenApiDocument; current(): Promise<OpenApiDocument> } {
  let base: OpenApiDocument | null = null;
  let cached: { key: string; entry: Cached<OpenApiDocument> } | null = null;
  const document = (): OpenApiDocument => (base ??= buildOpenApiDocument(app, options));
  // The routes are fixed; only `info` follows the studio profile, so only it is redone on a change.
  const load = async (): Promise<Cached<OpenApiDocument>> => {
    const studio = await options.studio();
    const key = JSON.stringify(studio);
    if (cached?.key !== key) cached = { key, entry: cachedJson({ ...document(), info: studioInfo(document().info, studio, options.baseUrl) }) };
    return cached.entry;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: OPENAPI_PATH,
      tags: ['Discovery'],
      operationId: 'getOpenApiDocument',
      summary: 'The machine-readable interface description (this document)',
      responses: {
        200: {
          description: 'The OpenAPI 3.1 document.',
          content: { 'application/json': { schema: OpenApiDocumentSchema } },
          headers: { ETag: { schema: { type: 'string' }, required: true } },
        },
        304: { description: 'Not modified (If-None-Match matched the ETag).' },
      },
    }),
    async (c) => sendCached(c, await load(), 'public, max-age=300') as never,
  );

  /** the document as /openapi.json serves it now: its `info` names the studio */
  return { document, current: async () => (await load()).value };
}
