import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { InvalidClientMetadataError } from '../../oauth/oauth-error.js';
import type { OAuth } from '../../oauth/service.js';
import type { AppEnv } from '../env.js';
import { NO_STORE } from '../responses/oauth.js';
import { KeyResponseSchema } from '../openapi/oauth-schemas.js';
import { problem } from '../responses/problem.js';
import { problemResponse } from '../openapi/schemas.js';
import { isJsonMediaType } from '../requests/media-type.js';

export const KEYS_PATH = '/api/v1/keys';

function invalidBody(c: Context<AppEnv>, message: string, path = '(body)'): Response {
  return problem(c, { status: 400, code: 'validation_failed', title: 'Invalid request', detail: `The request body is invalid: ${message}`, errors: [{ path, message }] });
}

/**
 * GET or POST /api/v1/keys — a free API key (seed §4.8). POST answers 201 (a client and two
 * credentials were created); GET answers 200, for agents that can only fetch. Never cached.
 */
export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  const mint = async (c: Context<AppEnv>, clientName: string | undefined, status: 200 | 201): Promise<Response> => {
    try {
      const key = await oauth.mintKey({ clientName });
      return c.newResponse(JSON.stringify(key), status, { 'content-type': 'application/json', ...NO_STORE });
    } catch (error) {
      if (error instanceof InvalidClientMetadataError) return invalidBody(c, error.description, 'client_name');
      throw error;
    }
  };

  const responses = {
    400: problemResponse('The body is not a JSON object, or `client_name` is not a string of at most 200 characters.'),
  };
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: KEYS_PATH,
    tags: ['Keys'],
    operationId: 'getApiKey',
    summary: 'Get a free API key (no account, payment or waitlist)',
    responses: { 200: { description: 'A new public client, its API key and a fresh access token.', content: { 'application/json': { schema: KeyResponseSchema } } } },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: KEYS_PATH,
    tags: ['Keys'],
    operationId: 'createApiKey',
    summary: 'Create a free API key; the body is a JSON object, `{}` is enough',
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: { client_name: { type: 'string', maxLength: 200 } } } } },
      },
    },
    responses: {
      201: { description: 'A new public client, its API key and a fresh access token.', content: { 'application/json': { schema: KeyResponseSchema } } },
      ...responses,
      415: problemResponse('The body is not sent as application/json.'),
    },
  });

  app.get(KEYS_PATH, (c) => mint(c, undefined, 200));
  app.post(KEYS_PATH, async (c) => {
    if (!isJsonMediaType(c.req.header('content-type'))) {
      return problem(
        c,
        { status: 415, code: 'unsupported_media_type', title: 'Unsupported media type', detail: 'Send a JSON object (`{}` is enough) with Content-Type: application/json.' },
        { 'accept-post': 'application/json' },
      );
    }
    const text = await c.req.text();
    let body: unknown = {};
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return problem(c, { status: 400, code: 'malformed_json', title: 'Malformed JSON', detail: 'The request body is not valid JSON.', errors: [{ path: '(body)', message: 'not valid JSON' }] });
      }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalidBody(c, 'expected a JSON object, e.g. {}');
    const name = (body as Record<string, unknown>).client_name;
    if (name !== undefined && name !== null && typeof name !== 'string') return invalidBody(c, 'client_name must be a string', 'client_name');
    return mint(c, typeof name === 'string' ? name : undefined, 201);
  });
}
