import type { OpenAPIHono } from '@hono/zod-openapi';
import { ifNoneMatchMatches } from '../../lib/etag.js';
import { NotFoundError } from '../../lib/errors.js';
import { VARIANT_FILE } from '../../media/images.js';
import type { VariantCache } from '../../media/variant-cache.js';
import type { MediaFile } from '../../store/ports/index.js';
import type { AppEnv } from '../env.js';
import type { CurrentEntry } from '../middleware/response-cache.js';
import { fixedHeaders } from '../responses/cached-response.js';
import { respondWith } from '../responses/response-headers.js';

const ROUTE = `/media/:file{${VARIANT_FILE}}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FILE = new RegExp(`^${VARIANT_FILE}$`);

/** A variant as sent: its bytes, validator (the name's hash) and the header sets of a 200 and a 304. */
const answers = new WeakMap<MediaFile, CurrentEntry>();
function answerOf(file: MediaFile, hash: string): CurrentEntry {
  let answer = answers.get(file);
  if (answer === undefined) {
    const etag = `"${hash}"`;
    const { ok, notModified } = fixedHeaders(etag, file.data.byteLength, file.content_type, IMMUTABLE, { 'x-content-type-options': 'nosniff' });
    answer = { bytes: new Uint8Array(file.data.buffer as ArrayBuffer, file.data.byteOffset, file.data.byteLength), etag, ok, notModified, route: ROUTE };
    answers.set(file, answer);
  }
  return answer;
}

/** GET /media/img-<hash>.<ext>: image variants, named by their content so they can be cached forever. */
export function registerMediaFiles(app: OpenAPIHono<AppEnv>, variants: VariantCache): void {
  app.get(ROUTE, async (c) => {
    const name = c.req.param('file') ?? '';
    const match = FILE.exec(name);
    const file = match ? await variants.get(name) : undefined;
    if (!match || !file) throw new NotFoundError('no such image');
    const answer = answerOf(file, match[1]!);
    if (ifNoneMatchMatches(c.req.header('if-none-match'), answer.etag)) return respondWith(c, null, 304, answer.notModified);
    return respondWith(c, answer.bytes, 200, answer.ok);
  });
}

/**
 * The answer to `GET <target>` for a variant kept in memory, for the cached-read lane
 * (cached-read-lane.ts), or undefined: not a variant's path as sent, or not kept (the route
 * reads it). A variant's name is the hash of its bytes, so a kept one is current for good.
 */
export function keptVariant(variants: VariantCache): (target: string) => CurrentEntry | undefined {
  return (target) => {
    if (!target.startsWith('/media/img-')) return undefined;
    const name = target.slice('/media/'.length);
    const match = FILE.exec(name);
    const file = match ? variants.peek(name) : undefined;
    return file && answerOf(file, match![1]!);
  };
}
