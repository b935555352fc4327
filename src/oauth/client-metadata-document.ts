import type { Clock } from '../lib/clock.js';
import { BoundedMap } from '../lib/bounded-map.js';
import { ALL_SCOPES } from '../model/principal.js';
import { guardedRequest, OutboundError, type GuardedRequest, type GuardedResponse } from '../outbound/guarded-request.js';
import type { ClientRecord, ClientStore } from '../store/ports/index.js';
import { GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN } from './identifiers.js';
import { redirectUriProblem } from './redirect-uris.js';
import { isKnownScope, splitScope } from './scopes.js';

/**
 * Client ID metadata documents (draft-ietf-oauth-client-id-metadata-document; the MCP
 * 2025-11-25 authorization spec's preferred registration): a client_id that is an https URL
 * names a JSON document of the client's metadata, fetched through the guarded outbound helper.
 */
export const CIMD_MAX_BYTES = 5 * 1024;
export const CIMD_TIMEOUT_MS = 5_000;
/** Cache bounds: a document is kept for its max-age, but at least MIN and at most MAX seconds. */
export const CIMD_MIN_CACHE_SECONDS = 60;
export const CIMD_MAX_CACHE_SECONDS = 24 * 3600;
export const CIMD_DEFAULT_CACHE_SECONDS = 300;
const MAX_CACHED = 1_000;

/** Why a document cannot be used; the message is safe to show the person at the consent page. */
export class ClientMetadataError extends Error {
  override readonly name = 'ClientMetadataError';
}

export interface ClientMetadataOptions {
  clients: Pick<ClientStore, 'upsert'>;
  clock: Clock;
  allowPrivate: boolean;
  ca: string | undefined;
  /** the HTTP request (guardedRequest; a test can slow it down) */
  request?: (request: GuardedRequest) => Promise<GuardedResponse>;
  /** where a failed fetch's reason goes (the person at the consent page is not told it) */
  logger?: { info(fields: Record<string, unknown>, message: string): void };
}

/** draft §3: https, a path, no fragment, no credentials, no dot segments. */
export function isClientIdUrl(clientId: string): boolean {
  if (!clientId.startsWith('https://')) return false;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  const rawPath = clientId.slice(clientId.indexOf('/', 8));
  return url.pathname !== '/' && url.hash === '' && !clientId.includes('#') && url.username === '' && url.password === '' && !/\/\.\.?(\/|$)/.test(rawPath) && clientId.length <= 2048;
}

/** Cache-Control max-age within [MIN, MAX]; no-store (or no-cache) means not kept at all. */
function cacheSeconds(header: string | string[] | undefined): number {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (/(^|,)\s*(no-store|no-cache)\b/.test(value)) return 0;
  const match = /max-age\s*=\s*(\d+)/.exec(value);
  const seconds = match ? Number(match[1]) : CIMD_DEFAULT_CACHE_SECONDS;
  return Math.min(CIMD_MAX_CACHE_SECONDS, Math.max(CIMD_MIN_CACHE_SECONDS, seconds));
}

function recordOf(url: string, doc: Record<string, unknown>, nowMs: number): ClientRecord {
  // draft §4.1: the document's client_id MUST equal the URL it was fetched from, exactly.
  if (doc.client_id !== url) throw new ClientMetadataError('The client metadata document names a different client_id than its own URL.');
  const method = doc.token_endpoint_auth_method ?? 'none';
  // draft §4.1: no shared secrets; this server supports public clients for documents.
  if (method !== 'none' || doc.client_secret !== undefined) throw new ClientMetadataError('A client metadata document client must be public (token_endpoint_auth_method "none", no client_secret).');
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 20 || uris.some((u) => typeof u !== 'string' || redirectUriProblem(u) !== undefined)) {
    throw new ClientMetadataError('The client metadata document needs "redirect_uris": https URLs, http on a loopback address, or the app\'s own scheme.');
  }
  // MCP 2026-07-28 client registration §"Client ID Metadata Documents": the document MUST include
  // client_name, and the server MUST check the required fields; the consent page shows the name.
  if (typeof doc.client_name !== 'string' || doc.client_name.trim() === '' || doc.client_name.length > 200) throw new ClientMetadataError('The client metadata document needs a "client_name" (1–200 characters).');
  const requested = Array.isArray(doc.grant_types) ? (doc.grant_types as unknown[]) : [GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN];
  const grantTypes = [GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN].filter((g) => requested.includes(g));
  if (!grantTypes.includes(GRANT_AUTHORIZATION_CODE)) throw new ClientMetadataError('A client metadata document client must use the authorization_code grant.');
  const text = (field: string, max: number): string | null => {
    const v = doc[field];
    return typeof v !== 'string' || v.length === 0 || v.length > max ? null : v;
  };
  // Links the consent page shows: web URLs only (never javascript: or data:), as registration demands.
  const link = (field: string, schemes: readonly string[]): string | null => {
    const v = text(field, 500);
    if (v === null || !URL.canParse(v)) return null;
    return schemes.includes(new URL(v).protocol) ? v : null;
  };
  const scope = typeof doc.scope === 'string' && splitScope(doc.scope).every(isKnownScope) && doc.scope.trim() !== '' ? splitScope(doc.scope).join(' ') : ALL_SCOPES;
  return {
    client_id: url,
    client_name: text('client_name', 200),
    token_endpoint_auth_method: 'none',
    grant_types: grantTypes,
    scope,
    secret_hash: null,
    client_id_issued_at: Math.floor(nowMs / 1000),
    redirect_uris: uris as string[],
    client_uri: link('client_uri', ['https:', 'http:']),
    logo_uri: link('logo_uri', ['https:']),
  };
}

export class ClientMetadataDocuments {
  private readonly cache = new BoundedMap<string, { record: ClientRecord; until: number }>(MAX_CACHED);

  constructor(private readonly options: ClientMetadataOptions) {}

  /** The client a metadata document URL names, from the cache or fetched now. */
  async resolve(url: string): Promise<ClientRecord> {
    const now = this.options.clock.now();
    const hit = this.cache.get(url);
    if (hit && hit.until > now) return hit.record;
    let response: GuardedResponse;
    try {
      // No redirects are followed (guardedRequest never does): a 3xx is not the document.
      response = await (this.options.request ?? guardedRequest)({
        url,
        method: 'GET',
        headers: { accept: 'application/json' },
        timeoutMs: CIMD_TIMEOUT_MS,
        maxResponseBytes: CIMD_MAX_BYTES,
        allowPrivate: this.options.allowPrivate,
        ca: this.options.ca,
      });
    } catch (error) {
      // Unless the target answered, the reason stays in the log: shown to whoever asked, "x
      // resolves to a non-public address (10.0.0.7)", a refused connection or a timeout would make
      // this endpoint a probe of the server's resolver and network.
      const reason = error instanceof OutboundError ? error.message : 'the request failed';
      this.options.logger?.info({ event: 'client_metadata_fetch_failed', url, reason }, 'a client metadata document could not be fetched');
      throw new ClientMetadataError(error instanceof OutboundError && error.answered ? `The client metadata document could not be used: ${reason}.` : 'The client metadata document could not be fetched.');
    }
    if (response.status !== 200) throw new ClientMetadataError(`The client metadata document answered HTTP ${response.status}, not 200.`);
    let doc: unknown;
    try {
      doc = JSON.parse(response.body);
    } catch {
      throw new ClientMetadataError('The client metadata document is not JSON.');
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new ClientMetadataError('The client metadata document is not a JSON object.');
    const record = recordOf(url, doc as Record<string, unknown>, now);
    // Tokens reference their client, so the document's client is kept as a row too.
    await this.options.clients.upsert(record);
    const seconds = cacheSeconds(response.headers['cache-control']);
    if (seconds > 0) this.cache.set(url, { record, until: now + seconds * 1000 });
    return record;
  }
}
