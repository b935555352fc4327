import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';
import { likelyMeant } from '../lib/unknown-keys.js';

type Handler = (request: unknown, ctx: unknown) => Promise<unknown>;

/** The SDK's words for a name it does not know ("Tool nope not found"), by the method that names it. */
const NOT_FOUND = [
  { method: 'tools/call', kind: 'tool', list: 'tools/list', registry: '_registeredTools', said: /^Tool (.*) not found$/ },
  { method: 'prompts/get', kind: 'prompt', list: 'prompts/list', registry: '_registeredPrompts', said: /^Prompt (.*) not found$/ },
] as const;

/**
 * MCP server/tools §Error Handling: an unknown tool is a protocol error (-32602), as is an unknown
 * prompt (server/prompts). The SDK says "Tool nope not found"; an agent then has to list the
 * tools to learn what it may call. The answer keeps its code and names the one the caller likely
 * meant (`search` → search_projects), else every one there is. The SDK keeps its handlers and
 * registries in private fields; test/mcp/unknown-names.test.ts pins this against the SDK in use.
 */
export function nameTheKnownOnes(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) return;
  for (const { method, kind, list, registry, said } of NOT_FOUND) {
    const handler = (handlers as Map<string, Handler>).get(method);
    if (!handler) continue;
    handlers.set(method, async (request: unknown, ctx: unknown) => {
      try {
        return await handler(request, ctx);
      } catch (error) {
        const name = error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams ? said.exec(error.message)?.[1] : undefined;
        const known = Object.keys((server as unknown as Record<string, Record<string, unknown> | undefined>)[registry] ?? {});
        if (name === undefined || known.length === 0) throw error;
        const meant = likelyMeant(name, known);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown ${kind} "${name}": ${meant ? `did you mean ${meant}? ` : ''}The ${kind}s are ${known.join(', ')} (${list} describes them).`);
      }
    });
  }
}
