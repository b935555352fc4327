import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { echoedId } from './json-rpc-id.js';

/** Versions before 2025-06-18 lack outputSchema/structuredContent, which every tool here uses. */
const OLDEST_SERVED = '2025-06-18';

/**
 * The handshake-era versions this endpoint serves (the SDK's list from 2025-06-18 on). An
 * `initialize` asking for an older one gets the newest of these as the counter-offer (MCP
 * 2025-11-25 lifecycle §"Version Negotiation"); 2026-07-28 is served by the SDK's modern handler.
 */
export const LEGACY_VERSIONS_SERVED: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v >= OLDEST_SERVED);

/** The per-request (`_meta`) versions the SDK's modern handler serves (its `server/discover` lists them). */
export const MODERN_VERSIONS_SERVED: readonly string[] = ['2026-07-28'];

/** Every version this endpoint serves, newest first: what an unsupported one is told to choose from. */
export const VERSIONS_SERVED: readonly string[] = [...MODERN_VERSIONS_SERVED, ...LEGACY_VERSIONS_SERVED];

/** MCP 2026-07-28 basic/versioning: the JSON-RPC error code of UnsupportedProtocolVersionError. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * The answer to a handshake-era message whose `MCP-Protocol-Version` header names a version
 * served by neither era, or undefined to serve it. MCP 2025-11-25 transports §"Protocol Version
 * Header" asks only for a 400; the SDK's own 400 carried `id: null` (JSON-RPC 2.0 §5: the id is
 * the request's when it can be read) and named only the handshake versions. So the answer is
 * 2026-07-28's UnsupportedProtocolVersionError (basic/versioning §"Protocol Version
 * Negotiation"), which a client of either era can read: the request's id, every version served.
 * `initialize` is left to the SDK: it negotiates its version in the body, not the header.
 */
export function unsupportedVersionAnswer(header: string | null, message: unknown): Response | undefined {
  if (header === null || VERSIONS_SERVED.includes(header)) return undefined;
  const object = messageObject(message);
  if (object === undefined || object.method === 'initialize') return undefined;
  return unsupportedVersionError(object, header);
}

/**
 * The answer to a per-request (2026-07-28 era) message naming a version the modern handler does
 * not serve, or undefined to serve it. Checked before the SDK, which validates `_meta` against
 * its own revision first: a future version's message, whose `_meta` differs, got -32602 "Invalid
 * _meta envelope" — not a recognized modern error, so a dual-era client would fall back to
 * `initialize` instead of retrying with a version named here (basic/versioning §"Backward
 * Compatibility"). The versions named are every one served, as everywhere else.
 */
export function unsupportedModernAnswer(header: string | null, message: unknown): Response | undefined {
  const object = messageObject(message);
  if (object === undefined) return undefined;
  const meta = (object as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  const asked = header ?? meta?.['io.modelcontextprotocol/protocolVersion'];
  if (typeof asked !== 'string' || MODERN_VERSIONS_SERVED.includes(asked)) return undefined;
  return unsupportedVersionError(object, asked);
}

/**
 * A JSON-RPC response or error POSTed under a per-request version: 2026-07-28 Streamable HTTP
 * §"Sending Messages" — "The client MUST NOT send JSON-RPC responses" (the server sends no
 * requests for it to answer). Refused as an Invalid Request (-32600); the SDK's handshake-era
 * transport, which would take it, answered that 2026-07-28 is unsupported.
 */
export function modernResponseRefusal(header: string | null, message: unknown): Response | undefined {
  if (header === null || !MODERN_VERSIONS_SERVED.includes(header)) return undefined;
  const object = messageObject(message);
  if (object === undefined || 'method' in object || !('result' in object || 'error' in object)) return undefined;
  return badRequest({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: a client sends no JSON-RPC responses on protocol version ${header}` } });
}

function unsupportedVersionError(message: object, requested: string): Response {
  return badRequest({
    jsonrpc: '2.0',
    id: echoedId(message),
    error: { code: UNSUPPORTED_PROTOCOL_VERSION, message: `Unsupported protocol version: ${requested}`, data: { supported: VERSIONS_SERVED, requested } },
  });
}

/** A single JSON-RPC message as an object (batches are refused before these checks); undefined for anything else. */
function messageObject(message: unknown): Record<string, unknown> | undefined {
  return typeof message === 'object' && message !== null && !Array.isArray(message) ? (message as Record<string, unknown>) : undefined;
}

/** A JSON-RPC error answered with HTTP 400, as the transports' version and message checks are. */
function badRequest(body: object): Response {
  return new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
}
