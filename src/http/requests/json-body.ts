import type { Context } from 'hono';
import { ERROR_CODES } from '../../lib/errors.js';
import { problem } from '../responses/problem.js';
import type { AppEnv } from '../env.js';
import { isJsonMediaType } from './media-type.js';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * The request body as JSON, for endpoints that take a JSON object. RFC 9110 §15.5.16: any other
 * content type is a 415 naming what to send instead; unparsable JSON is a 400. `emptyAs` is the
 * value of an empty body, where one is allowed.
 */
export async function readJsonBody(c: Context<AppEnv>, what: string, options: { emptyAs?: unknown } = {}): Promise<JsonBody> {
  if (!isJsonMediaType(c.req.header('content-type'))) {
    return {
      ok: false,
      response: problem(
        c,
        { status: 415, code: ERROR_CODES.unsupportedMediaType, title: 'Unsupported media type', detail: `Send ${what} as JSON with Content-Type: application/json.` },
        { 'accept-post': 'application/json' },
      ),
    };
  }
  const text = await c.req.text();
  if (text.trim() === '' && 'emptyAs' in options) return { ok: true, value: options.emptyAs };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      response: problem(c, { status: 400, code: ERROR_CODES.malformedJson, title: 'Malformed JSON', detail: 'The request body is not valid JSON.', errors: [{ path: '(body)', message: 'not valid JSON' }] }),
    };
  }
}
