import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';
import { LIST_ALIASES } from '../catalog/list-aliases.js';
import { likelyMeant, unknownKeyMessage } from '../lib/unknown-keys.js';
import { wrapRequestHandlers, type Handler } from './sdk-handlers.js';

type Registry = Record<string, { inputSchema?: { '~standard'?: { jsonSchema?: { input(options: { target: string }): unknown } } } } | undefined>;
type ToolResult = { isError?: boolean; content?: { type: string; text?: string }[] };

/** The SDK's words for a name it does not know ("Tool nope not found"), by the method that names it. */
const NOT_FOUND = [
  { method: 'tools/call', kind: 'tool', list: 'tools/list', registry: '_registeredTools', said: /^Tool (.*) not found$/ },
  { method: 'prompts/get', kind: 'prompt', list: 'prompts/list', registry: '_registeredPrompts', said: /^Prompt (.*) not found$/ },
] as const;

/** The SDK's input-validation failure names unknown arguments as zod words them. */
const UNRECOGNIZED = /Unrecognized keys?: ((?:"[^"]*"(?:, )?)+)/;

/**
 * MCP server/tools §Error Handling: an unknown tool is a protocol error (-32602), as is an unknown
 * prompt (server/prompts); arguments that do not fit are a tool result with isError. The SDK says
 * "Tool nope not found" and 'Unrecognized key: "query"', and an agent then has to read tools/list
 * to learn what it may send. The answers keep their kind and say which name the caller likely
 * meant (`search` → search_projects, `query` → q), else every one there is. The SDK keeps its
 * handlers and registries in private fields; test/mcp/unknown-names.test.ts pins this against
 * the SDK in use.
 */
export function nameTheKnownOnes(server: McpServer): void {
  const registry = (name: string): Registry => (server as unknown as Record<string, Registry | undefined>)[name] ?? {};
  for (const { method, kind, list, registry: field, said } of NOT_FOUND) {
    const named = (handler: Handler): Handler => async (request, ctx) => {
      let result: unknown;
      try {
        result = await handler(request, ctx);
      } catch (error) {
        const name = error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams ? said.exec(error.message)?.[1] : undefined;
        const known = Object.keys(registry(field));
        if (name === undefined || known.length === 0) throw error;
        const meant = likelyMeant(name, known);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown ${kind} "${name}": ${meant ? `did you mean ${meant}? ` : ''}The ${kind}s are ${known.join(', ')} (${list} describes them).`);
      }
      return method === 'tools/call' ? withArgumentHints(result as ToolResult, registry(field)[(request as { params: { name: string } }).params.name]) : result;
    };
    wrapRequestHandlers(server, named, [method]);
  }
}

/** A refused call's text, with a line per unknown argument naming the one it likely meant. */
function withArgumentHints(result: ToolResult, tool: Registry[string]): ToolResult {
  const text = result.isError && result.content?.length === 1 ? result.content[0]!.text : undefined;
  const unknown = text === undefined ? undefined : UNRECOGNIZED.exec(text)?.[1];
  const schema = tool?.inputSchema?.['~standard']?.jsonSchema?.input({ target: 'draft-2020-12' }) as { properties?: Record<string, unknown> } | undefined;
  if (unknown === undefined || schema?.properties === undefined) return result;
  const known = Object.keys(schema.properties);
  const hints = [...unknown.matchAll(/"([^"]*)"/g)].map(([, key]) => `- ${key}: ${unknownKeyMessage(key!, known, 'argument', LIST_ALIASES)}`);
  return { ...result, content: [{ type: 'text', text: [text, ...hints].join('\n') }] };
}
