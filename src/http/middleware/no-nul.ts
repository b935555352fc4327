import type { MiddlewareHandler } from 'hono';
import { ValidationError } from '../../lib/errors.js';
import { formHasNul, jsonHasNul, targetHasNul } from '../../lib/nul-character.js';
import { isJsonMediaType, mediaTypeOf } from '../requests/media-type.js';
import type { AppEnv } from '../env.js';

const refused = (where: '(url)' | '(body)') =>
  new ValidationError(`The ${where === '(url)' ? 'request target' : 'request body'} holds a NUL character (U+0000), which no field accepts.`, [{ path: where, message: 'must not contain U+0000' }]);

/**
 * Refuses a request whose target, or JSON or form body, carries U+0000 (lib/nul-character.ts):
 * a 400 in each surface's own format, by the error handler (problem+json, RFC 6749 JSON on
 * /oauth/*, an HTML page for a browser). The body is read here as text, which Hono keeps for the
 * handler's own read; uploads (multipart) are binary and left alone, as are the bodies of
 * `ownBodies` paths, which answer in their own protocol (MCP: JSON-RPC, routes/mcp.ts). No async
 * level of its own for a request without a body.
 */
export function rejectNul(options: { ownBodies: readonly string[] }): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (targetHasNul(c.req.url)) throw refused('(url)');
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || options.ownBodies.includes(c.req.path)) return next();
    const type = c.req.header('content-type');
    const json = isJsonMediaType(type);
    if (!json && mediaTypeOf(type) !== 'application/x-www-form-urlencoded') return next();
    return c.req.text().then((text) => {
      if (json ? jsonHasNul(text) : formHasNul(text)) throw refused('(body)');
      return next();
    });
  };
}
