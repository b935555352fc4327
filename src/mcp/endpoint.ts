import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpRequestContext } from '@modelcontextprotocol/server';
import type { Principal } from '../model/principal.js';
import type { McpDeps } from './context.js';
import { buildMcpServer } from './server.js';

/** The MCP endpoint as a web-standard function: one POST in, one JSON response out. */
export interface McpEndpoint {
  /** `principal` is the verified bearer's (null = anonymous); the caller has already authenticated. */
  handle(request: Request, principal: Principal | null): Promise<Response>;
  close(): Promise<void>;
}

function authInfoOf(principal: Principal | null): AuthInfo | undefined {
  if (!principal) return undefined;
  // The raw bearer never travels further than the verifier: tools need the principal only.
  return { token: '', clientId: principal.clientId, scopes: [...principal.scopes], extra: { principal } };
}

function principalOf(authInfo: AuthInfo | undefined): Principal | null {
  return (authInfo?.extra?.principal as Principal | undefined) ?? null;
}

/**
 * MCP 2025-06-18/2025-11-25 transports §"Sending Messages": a client MUST accept both JSON and
 * SSE. This endpoint only ever answers JSON, so a client that asks for JSON alone (or sends no
 * Accept) is served rather than refused with 406.
 */
function acceptingJson(request: Request): Request {
  const accept = request.headers.get('accept') ?? '';
  if (accept.includes('application/json') && accept.includes('text/event-stream')) return request;
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  return new Request(request, { headers });
}

/**
 * Serves both protocol eras statelessly with JSON responses:
 * - 2026-07-28 (per-request `_meta`, `server/discover`): the SDK's `createMcpHandler`.
 * - 2025-06-18 / 2025-11-25 (`initialize` handshake): a fresh server per POST over the SDK's
 *   Streamable HTTP transport without sessions (MCP 2025-11-25 transports §"Session
 *   Management": sessions are optional) and with JSON instead of SSE responses.
 */
export function createMcpEndpoint(deps: McpDeps): McpEndpoint {
  const onerror = (error: Error) => deps.logger.debug({ err: error.message }, 'mcp request rejected');
  const modern = createMcpHandler((ctx: McpRequestContext) => buildMcpServer(deps, { principal: principalOf(ctx.authInfo) }), {
    legacy: 'reject',
    // 'auto' answers with one JSON body unless a handler emits a message before its result;
    // no tool here does, so every answer is JSON (and 'json' would only add a start-up warning).
    responseMode: 'auto',
    onerror,
  });

  async function legacy(request: Request, principal: Principal | null): Promise<Response> {
    const server = buildMcpServer(deps, { principal });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    transport.onerror = onerror;
    await server.connect(transport);
    try {
      const authInfo = authInfoOf(principal);
      return await transport.handleRequest(acceptingJson(request), authInfo ? { authInfo } : undefined);
    } finally {
      await server.close();
    }
  }

  return {
    async handle(request, principal) {
      if (await isLegacyRequest(request)) return legacy(request, principal);
      const authInfo = authInfoOf(principal);
      return modern.fetch(request, authInfo ? { authInfo } : undefined);
    },
    close: () => modern.close(),
  };
}
