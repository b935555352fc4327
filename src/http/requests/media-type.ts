/** The media type of a Content-Type value, lower-cased, without parameters ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * `application/json` or a structured `+json` type (RFC 6839 §3.1), in UTF-8. RFC 8259 §8.1:
 * JSON between systems is UTF-8, and the type defines no charset; a client that names another
 * one (`charset=utf-16`) sent bytes we would misread as UTF-8, so that is not JSON we take.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = mediaTypeOf(contentType);
  if (type !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type)) return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}
