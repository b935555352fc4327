/** What every PATCH here takes: an RFC 7396 merge patch, or the same object labelled plain JSON. */
export const PATCH_TYPES: readonly string[] = ['application/merge-patch+json', 'application/json'];
/** PATCH_TYPES as the Accept-Patch field lists them (RFC 5789 §3.1). */
export const ACCEPT_PATCH = PATCH_TYPES.join(', ');

/**
 * RFC 9110 §15.5.16: a 415 names the types the server takes, in the field of the request's
 * method: Accept-Post (W3C LDP §7.1.2) on a POST, Accept-Patch (RFC 5789 §2.2) on a PATCH.
 * HTTP defines none for PUT, so a PUT's 415 says it in its detail alone.
 */
export function acceptedTypesFields(method: string, postTypes: string): Record<string, string> {
  if (method === 'POST') return { 'accept-post': postTypes };
  if (method === 'PATCH') return { 'accept-patch': ACCEPT_PATCH };
  return {};
}
