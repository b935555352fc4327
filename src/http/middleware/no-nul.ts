import type { MiddlewareHandler } from 'hono';
import { ValidationError } from '../../lib/errors.js';
import { loneSurrogateIn } from '../../lib/lone-surrogate.js';
import { fieldsHaveNul, formHasNul, jsonHasNul, targetHasNul } from '../../lib/nul-character.js';
import { isJsonMediaType, mediaTypeOf } from '../requests/media-type.js';
import { isUploadPath } from './upload-paths.js';
import type { AppEnv } from '../env.js';

/** The 400 a request carrying U+0000 gets (the token lane refuses a form's with it too). */
export const refused = (where: '(url)' | '(body)') =>
  new ValidationError(`The ${where === '(url)' ? 'request target' : 'request body'} holds a NUL character (U+0000), which no field accepts.`, [{ path: where, message: 'must not contain U+0000' }]);

const unpaired = (path: string) =>
  new ValidationError('The request body holds an unpaired UTF-16 surrogate escape (\\uD800–\\uDFFF without its pair), which is not text and would be stored as U+FFFD.', [{ path, message: 'not valid Unicode: an unpaired surrogate' }]);

/**
 * Refuses a request whose target, JSON body or form fields carry U+0000 (lib/nul-character.ts),
 * or whose JSON body holds a lone surrogate (lib/lone-surrogate.ts):
 * a 400 in each surface's own format, by the error handler (problem+json, RFC 6749 JSON on
 * /oauth/*, an HTML page for a browser). The body is read here — as text, or a multipart form's
 * parsed fields, its files left alone — and Hono keeps it for the handler's own read. `ownPaths`
 * refuse U+0000 themselves, in their own protocol (MCP: JSON-RPC, routes/mcp.ts; the consent
 * page: HTML, routes/oauth-authorize.ts). No async level of its own for a request without a body.
 */
export function rejectNul(options: { ownPaths: readonly string[]; skip?: (path: string) => boolean }): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (options.ownPaths.includes(c.req.path) || options.skip?.(c.req.path)) return next();
    if (targetHasNul(c.req.url)) throw refused('(url)');
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = c.req.header('content-type');
    const media = mediaTypeOf(type);
    if (media === 'multipart/form-data') {
      // Its text fields; the files are bytes. A body that is no form is the handler's to refuse.
      return c.req.parseBody({ all: true }).then(
        (fields) => {
          if (fieldsHaveNul(fields)) throw refused('(body)');
          return next();
        },
        () => next(),
      );
    }
    const json = isJsonMediaType(type);
    if (!json && media !== 'application/x-www-form-urlencoded') return next();
    return c.req.text().then((text) => {
      if (json ? jsonHasNul(text) : formHasNul(text)) throw refused('(body)');
      const lone = json ? loneSurrogateIn(text) : undefined;
      if (lone !== undefined) throw unpaired(lone);
      return next();
    });
  };
}

const checkUpload = rejectNul({ ownPaths: [] });

/**
 * The same check on the upload paths (upload-paths.ts), which the app-wide one skips: their
 * bodies may be UPLOAD_LIMIT_BYTES, so they are read only once the route's own middleware has
 * found an owner (a session, or an owner token). Registered right after that middleware.
 */
export const rejectNulInUploads: MiddlewareHandler<AppEnv> = (c, next) => (isUploadPath(c.req.path) ? checkUpload(c, next) : next());
