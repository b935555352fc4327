import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { DomainError, ERROR_CODES } from '../lib/errors.js';
import { loneSurrogatePath } from '../lib/lone-surrogate.js';
import { nulPath } from '../lib/nul-character.js';

/**
 * Tool outcomes. Successes carry `structuredContent` plus the same JSON as text for clients
 * that only read text (MCP 2025-06-18 server/tools "Structured Content"). Failures the agent
 * can act on are `isError: true` results that say what to do next; JSON-RPC errors are left to
 * the SDK for protocol faults. Internal error text never crosses the wire.
 */

export function structuredResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

const NEXT_STEP: Record<string, string> = {
  [ERROR_CODES.validation]: 'Correct the arguments named above and call the tool again.',
  [ERROR_CODES.unprocessable]: 'Correct the arguments named above (project_slugs must be slugs returned by search_projects) and call the tool again.',
  [ERROR_CODES.notFound]: 'Call search_projects to find an existing slug, then retry with it.',
  [ERROR_CODES.conflict]: 'An earlier call with this idempotency_key is still being processed; retry in a few seconds with the same key and the same arguments.',
  [ERROR_CODES.keyReused]: 'This idempotency_key was already used with different arguments. Repeat the original arguments to get the original result, or use a new key for a new inquiry.',
  [ERROR_CODES.insufficientScope]: 'Obtain a token that includes this scope (see auth.md), or call without an Authorization header to submit anonymously.',
  [ERROR_CODES.invalidToken]: 'Obtain a new token (see auth.md), or call without an Authorization header to submit anonymously.',
  [ERROR_CODES.rateLimited]: 'Too many requests: wait a minute, then retry with the same idempotency_key.',
  [ERROR_CODES.temporarilyUnavailable]: 'The service is briefly unavailable: retry in a few seconds with the same arguments (and the same idempotency_key).',
};

export function toolError(code: string, message: string, details: readonly { path: string; message: string }[] = []): CallToolResult {
  const lines = [`${code}: ${message}`, ...details.map((d) => `- ${d.path}: ${d.message}`)];
  const next = NEXT_STEP[code];
  if (next) lines.push(`Next step: ${next}`);
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] };
}

/** What a tool answers when it fails for a reason of ours: nothing internal crosses the wire. */
export function internalErrorResult(): CallToolResult {
  return toolError(ERROR_CODES.internal, 'Something went wrong on our side. Retry the call later; the arguments were not the problem.');
}

/**
 * Runs a tool body; domain errors become actionable `isError` results, anything else a bland one.
 * `args` holding U+0000 or a lone surrogate are refused first (lib/nul-character.ts,
 * lib/lone-surrogate.ts): an input error the model can correct is a tool result (MCP 2025-11-25
 * server/tools §"Error Handling"), not a protocol error.
 */
export async function runTool(logger: Logger, tool: string, body: () => Promise<CallToolResult>, args?: unknown): Promise<CallToolResult> {
  const nul = nulPath(args);
  if (nul) return toolError(ERROR_CODES.validation, 'An argument holds a NUL character (U+0000), which no argument accepts.', [{ path: nul, message: 'must not contain U+0000' }]);
  const lone = loneSurrogatePath(args);
  if (lone) return toolError(ERROR_CODES.validation, 'An argument holds an unpaired UTF-16 surrogate (\\uD800–\\uDFFF without its pair), which is not text.', [{ path: lone, message: 'not valid Unicode: an unpaired surrogate' }]);
  try {
    return await body();
  } catch (error) {
    if (error instanceof DomainError) return toolError(error.code, error.message, error.errors);
    logger.error({ err: error, tool }, 'mcp tool failed');
    return internalErrorResult();
  }
}
