/**
 * MCP 2025-06-18 and 2025-11-25 server/resources §"Error Handling": "Resource not found: -32002".
 * Revision 2026-07-28 (SEP-2164) moved it to -32602, and the SDK sends -32602 in every era (it
 * maps even a thrown -32002 to -32602). A client that negotiated a handshake-era version is told
 * in that version's terms: the SDK's not-found answer to a `resources/read` (-32602 whose data is
 * exactly `{ uri }`, its ResourceNotFoundError) leaves as -32002 with the same message and data.
 */

const RESOURCE_NOT_FOUND = -32002;

interface ErrorAnswer {
  error?: { code?: unknown; data?: unknown };
}

function isNotFound(answer: ErrorAnswer): boolean {
  const data = answer.error?.data;
  return answer.error?.code === -32602 && typeof data === 'object' && data !== null && Object.keys(data).length === 1 && typeof (data as { uri?: unknown }).uri === 'string';
}

/** Whether a parsed message is a `resources/read` request, whose answer `handshakeEraNotFound` may rewrite. */
export function isResourceRead(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'resources/read';
}

/** The SDK's JSON answer to a handshake-era `resources/read`, its not-found error code made -32002. */
export async function handshakeEraNotFound(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
  const text = await response.text();
  const answer = JSON.parse(text) as ErrorAnswer;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (!isNotFound(answer)) return new Response(text, { status: response.status, headers });
  answer.error!.code = RESOURCE_NOT_FOUND;
  return new Response(JSON.stringify(answer), { status: response.status, headers });
}
