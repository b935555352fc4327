import type { Context } from 'hono';
import { ERROR_CODES } from '../../lib/errors.js';
import { problem } from '../responses/problem.js';
import type { AppEnv } from '../env.js';
import { ACCEPT_PATCH, acceptedTypesFields, PATCH_TYPES } from './accepted-types.js';
import { jsonDepthExceeds } from './json-depth.js';
import { isJsonMediaType, mediaTypeOf } from './media-type.js';

/** No request of ours nests deeper than a few levels; this leaves room and keeps every recursive walk safe. */
export const MAX_JSON_DEPTH = 32;

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * The request body as JSON, for endpoints that take a JSON object. RFC 9110 §15.5.16: any other
 * content type is a 415 naming what to send instead; unparsable JSON is a 400. `emptyAs` is the
 * value of an empty body, where one is allowed (then also without a Content-Type).
 */
export async function readJsonBody(c: Context<AppEnv>, what: string, options: { emptyAs?: unknown } = {}): Promise<JsonBody> {
  const type = c.req.header('content-type');
  // No body and no type where an empty body is allowed (`curl -X POST`): nothing to mislabel.
  if (type === undefined && 'emptyAs' in options && (await c.req.text()) === '') return { ok: true, value: options.emptyAs };
  // RFC 5789 §2.2: a patch document of a format we do not apply (a JSON Patch, RFC 6902, is JSON
  // too) is a 415 naming the ones we do, not a 400 about its content.
  const unsupportedPatch = c.req.method === 'PATCH' && !PATCH_TYPES.includes(mediaTypeOf(type));
  if (!isJsonMediaType(type) || unsupportedPatch) {
    const method = c.req.method;
    const label = method === 'PATCH' ? `one of ${ACCEPT_PATCH}` : 'application/json';
    return {
      ok: false,
      response: problem(
        c,
        { status: 415, code: ERROR_CODES.unsupportedMediaType, title: 'Unsupported media type', detail: `Send ${what} as UTF-8 JSON with Content-Type: ${label}.` },
        acceptedTypesFields(method, 'application/json'),
      ),
    };
  }
  const text = await c.req.text();
  if (text.trim() === '' && 'emptyAs' in options) return { ok: true, value: options.emptyAs };
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      response: problem(c, { status: 400, code: ERROR_CODES.validation, title: 'Invalid request', detail: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, errors: [{ path: '(body)', message: `nested deeper than ${MAX_JSON_DEPTH} levels` }] }),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      response: problem(c, { status: 400, code: ERROR_CODES.malformedJson, title: 'Malformed JSON', detail: 'The request body is not valid JSON.', errors: [{ path: '(body)', message: 'not valid JSON' }] }),
    };
  }
}
