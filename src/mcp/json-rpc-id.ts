import { nulPath } from '../lib/nul-character.js';

/**
 * JSON-RPC 2.0 §4: an `id` is a String, a Number or Null, and "Numbers SHOULD NOT contain
 * fractional parts"; our contract (and MCP's RequestId) allows strings and integers. A message
 * whose id is anything else is an Invalid Request, and §5 says the error's `id` "MUST be Null"
 * when the id could not be detected — so such an id is never echoed back.
 */
function isValidId(id: unknown): boolean {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
}

/** True when a message (batches are refused before: BATCH_RESPONSE) carries an `id` that is not a valid JSON-RPC id. */
export function hasInvalidJsonRpcId(message: unknown): boolean {
  return typeof message === 'object' && message !== null && 'id' in message && !isValidId(message.id);
}

/** The id an error answer to `body` carries (§5): the message's own when it is a valid one, else null. */
export function echoedId(body: unknown): string | number | null {
  return typeof body === 'object' && body !== null && 'id' in body && isValidId(body.id) ? (body.id as string | number | null) : null;
}

/** The Invalid Request answer (JSON-RPC 2.0 §5.1, code -32600) for such a message, with `id: null`. */
export const INVALID_ID_RESPONSE = {
  jsonrpc: '2.0',
  error: { code: -32600, message: 'Invalid Request: "id" must be a string, an integer or null' },
  id: null,
} as const;

/**
 * The answer to a message whose strings hold U+0000 (lib/nul-character.ts): Invalid Params
 * (JSON-RPC 2.0 §5.1, -32602), echoing the message's id when it is a valid one.
 */
export function nulParamsResponse(body: unknown) {
  return { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params: a string holds a NUL character (U+0000), which no argument accepts' }, id: echoedId(body) } as const;
}

/**
 * The answer to a message nested deeper than `limit` (http/requests/json-body.ts, as REST
 * refuses one): Invalid Request (JSON-RPC 2.0 §5.1, -32600), echoing the message's id when it is a valid one.
 */
export function tooDeepResponse(body: unknown, limit: number) {
  return { jsonrpc: '2.0', error: { code: -32600, message: `Invalid Request: the message nests arrays and objects deeper than ${limit} levels` }, id: echoedId(body) } as const;
}

/**
 * MCP 2025-06-18 and later transports §"Sending Messages": the body of a POST "MUST be a single
 * JSON-RPC request, notification, or response" (2025-06-18 removed batching, and no older
 * version is served here). An array is an Invalid Request (JSON-RPC 2.0 §5.1, -32600).
 */
export const BATCH_RESPONSE = {
  jsonrpc: '2.0',
  error: { code: -32600, message: 'Invalid Request: send one JSON-RPC message per POST; batches were removed in MCP 2025-06-18' },
  id: null,
} as const;

/**
 * Whether a message's U+0000 lies only in a `tools/call`'s arguments: the tool refuses those as a
 * result (tool-result.ts runTool). Anywhere else (a method, a tool name, a resource URI) it stays
 * the Invalid Params answer above.
 */
export function nulOnlyInToolArguments(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { params, ...rest } = body as { method?: unknown; params?: unknown };
  if (rest.method !== 'tools/call' || typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  const { arguments: args, ...others } = params as { arguments?: unknown };
  return nulPath(args) !== undefined && nulPath(rest) === undefined && nulPath(others) === undefined;
}
