import type { Scope } from '../model/principal.js';

/**
 * Which scope a tool call needs, read from the JSON-RPC message before the SDK sees it: the
 * MCP authorization spec's step-up (2025-11-25 §"Scope Challenge Handling") is an HTTP 403, so
 * it must be decided at the HTTP layer. The read tools need none (reads are public); sending an
 * inquiry needs inquiries:write, or sandbox:write when `sandbox` is true (the same rule as REST).
 */
export function requiredScope(message: unknown): Scope | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; arguments?: { sandbox?: unknown } } };
  if (method !== 'tools/call' || params?.name !== 'submit_inquiry') return undefined;
  return params.arguments?.sandbox === true ? 'sandbox:write' : 'inquiries:write';
}

/** The scope a call needs and the token does not have, if any. */
export function missingScope(message: unknown, scopes: ReadonlySet<string>): Scope | undefined {
  const needed = requiredScope(message);
  return needed !== undefined && !scopes.has(needed) ? needed : undefined;
}
