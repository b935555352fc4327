import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ERROR_CODES } from '../../lib/errors.js';
import { UNKNOWN_IP } from '../../lib/client-ip.js';
import { KEYS_PATH, MIN_KEY_LENGTH } from '../../oauth/keys.js';
import { InvalidClientMetadataError } from '../../oauth/oauth-error.js';
import type { OAuth } from '../../oauth/service.js';
import { subjectKey } from '../../ratelimit/subject.js';
import type { AppEnv } from '../env.js';
import { BEARER_CHECKED, IDEMPOTENT } from '../openapi/declarations.js';
import { KeyResponseSchema } from '../openapi/oauth-schemas.js';
import { problemResponse, unsupportedMediaTypeResponse } from '../openapi/schemas.js';
import { idempotencyKeyOf, replayedHeaders } from '../requests/idempotency-key.js';
import { readJsonBody } from '../requests/json-body.js';
import { JSON_NO_STORE } from '../responses/oauth.js';
import { problem } from '../responses/problem.js';
import { respondWith } from '../responses/response-headers.js';

export { KEYS_PATH };

function invalidBody(c: Context<AppEnv>, message: string, path = '(body)'): Response {
  return problem(c, { status: 400, code: ERROR_CODES.validation, title: 'Invalid request', detail: `The request body is invalid: ${message}`, errors: [{ path, message }] });
}

/**
 * GET or POST /api/v1/keys — a free API key (seed §4.8). POST answers 201 (a client and two
 * credentials were created) and takes an Idempotency-Key, so a retry gets the same key; GET
 * answers 200, for agents that can only fetch. Never cached.
 */
export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, oauth: OAuth): void {
  const mint = async (c: Context<AppEnv>, clientName: string | undefined, status: 200 | 201, idempotencyKey?: string, body?: unknown): Promise<Response> => {
    try {
      const { value, replayed } = await oauth.mintKey({ clientName, idempotencyKey, body, caller: subjectKey(null, c.get('clientIp') ?? UNKNOWN_IP) });
      return respondWith(c, JSON.stringify(value), status, { ...JSON_NO_STORE, ...replayedHeaders(replayed) });
    } catch (error) {
      if (error instanceof InvalidClientMetadataError) return invalidBody(c, error.description, 'client_name');
      throw error;
    }
  };

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: KEYS_PATH,
    tags: ['Keys'],
    operationId: 'getApiKey',
    summary: 'Get a free API key (no account, payment or waitlist)',
    ...BEARER_CHECKED,
    responses: { 200: { description: 'A new public client, its API key and a fresh access token.', content: { 'application/json': { schema: KeyResponseSchema } } } },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: KEYS_PATH,
    tags: ['Keys'],
    operationId: 'createApiKey',
    summary: 'Create a free API key; the body is a JSON object, `{}` is enough',
    description:
      `With an \`Idempotency-Key\` (at least ${MIN_KEY_LENGTH} characters, e.g. a UUID) a retry returns the same key instead of a new one. Records are kept per caller address, since the replay hands out the key again.`,
    ...BEARER_CHECKED,
    ...IDEMPOTENT,
    // Its own Idempotency-Key parameter (decorate.ts then adds no shared one): a replay hands the
    // API key out again, so the key must be hard to guess.
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: `As on every write (an sf-string, quoted or bare), but at least ${MIN_KEY_LENGTH} characters: a replay hands the same API key out again, so the key must be hard to guess.`,
        schema: { type: 'string', minLength: MIN_KEY_LENGTH, maxLength: 257, example: '"5f2b6d0e-8c1a-4b7e-9d3f-2a6c1e0b9f47"' },
      },
    ],
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: { client_name: { type: 'string', maxLength: 200 } } } } },
      },
    },
    responses: {
      201: { description: 'A new public client, its API key and a fresh access token.', content: { 'application/json': { schema: KeyResponseSchema } } },
      400: problemResponse(`The body is not a JSON object, \`client_name\` is not a string of at most 200 characters, or the Idempotency-Key is malformed or shorter than ${MIN_KEY_LENGTH} characters.`),
      415: unsupportedMediaTypeResponse('The body is not sent as application/json.', 'Accept-Post'),
    },
  });

  // RFC 9110 §9.2.1: HEAD is safe. Hono answers it with the GET route, which would mint a key.
  app.get(KEYS_PATH, (c) => (c.req.method === 'HEAD' ? respondWith(c, null, 200, JSON_NO_STORE) : mint(c, undefined, 200)));
  app.post(KEYS_PATH, async (c) => {
    const idempotencyKey = idempotencyKeyOf(c);
    const body = await readJsonBody(c, 'a JSON object (`{}` is enough)', { emptyAs: {} });
    if (!body.ok) return body.response;
    if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) return invalidBody(c, 'expected a JSON object, e.g. {}');
    const name = (body.value as Record<string, unknown>).client_name;
    if (name !== undefined && name !== null && typeof name !== 'string') return invalidBody(c, 'client_name must be a string', 'client_name');
    return mint(c, typeof name === 'string' ? name : undefined, 201, idempotencyKey, body.value);
  });
}
