import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';

import { wrapRequestHandlers } from './sdk-handlers.js';

/** The list methods answered in one page: the SDK's, which never hand out a nextCursor. */
const UNPAGED = ['tools/list', 'prompts/list', 'resources/templates/list'] as const;

function cursorOf(request: unknown): unknown {
  const params = (request as { params?: unknown } | null)?.params;
  return typeof params === 'object' && params !== null ? (params as { cursor?: unknown }).cursor : undefined;
}

/**
 * MCP server/utilities/pagination §"Error Handling": "Invalid cursors SHOULD result in an error
 * with code -32602". These lists are one page and no cursor was ever issued for them, so any
 * string cursor is invalid; the SDK ignored it and answered page one again, which a client
 * resuming a page it believes exists cannot tell from success. (A cursor of the wrong type is
 * the SDK's own schema failure, made one line by invalid-params.ts.) resources/list pages with
 * its own cursors (resources.ts). The SDK keeps its handlers in a private map;
 * test/mcp/resources-prompts.test.ts pins this against the SDK in use.
 */
export function refuseCursorsOnUnpagedLists(server: McpServer): void {
  wrapRequestHandlers(
    server,
    (handler, method) => async (request, ctx) => {
      if (typeof cursorOf(request) === 'string') throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${method} returns everything in one page and issues no cursor; call it without one.`);
      return handler(request, ctx);
    },
    UNPAGED,
  );
}
