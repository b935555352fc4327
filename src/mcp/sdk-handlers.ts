import type { McpServer } from '@modelcontextprotocol/server';

/** A request handler as the SDK's server keeps it. */
export type Handler = (request: unknown, ctx: unknown) => Promise<unknown>;

/**
 * Puts `wrap(handler, method)` in place of each registered request handler the server has for
 * `methods` (every one when none are named). The SDK keeps its handlers in a private map with no
 * hook around them; the tests of each wrapper pin this against the SDK in use.
 */
export function wrapRequestHandlers(server: McpServer, wrap: (handler: Handler, method: string) => Handler, methods?: readonly string[]): void {
  const handlers = (server.server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) return;
  const map = handlers as Map<string, Handler>;
  for (const method of methods ?? [...map.keys()]) {
    const handler = map.get(method);
    if (handler) map.set(method, wrap(handler, method));
  }
}
