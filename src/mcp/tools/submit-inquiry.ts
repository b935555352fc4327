import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { SubmitOutcome } from '../../inquiries/types.js';
import type { McpCall, McpDeps } from '../context.js';
import { InquiryReceiptSchema } from '../schemas.js';
import { runTool, structuredResult, toolError } from '../tool-result.js';

const text200 = z.string().max(200);

/**
 * The fields of POST /api/v1/inquiries plus what HTTP carries in headers or the path: the
 * idempotency key (required here, since agents retry tool calls) and the sandbox switch.
 * The inquiry service validates the fields; these constraints only guide the caller.
 */
export const submitInquiryInput = z.strictObject({
  name: z.string().min(1).max(200).describe('Who is asking: a person\'s name.'),
  email: z.string().min(3).max(254).describe('Where the studio should reply: an email address.'),
  company: text200.optional().describe('Organisation, if any.'),
  message: z.string().min(10).max(5000).describe('What the inquiry is about, 10–5000 characters.'),
  project_slugs: z.array(z.string().min(1).max(80)).max(20).optional().describe('Slugs of catalog projects the inquiry refers to (from search_projects); unknown slugs are rejected.'),
  budget: text200.optional().describe('Free text, e.g. "20–40k EUR".'),
  timeline: text200.optional().describe('Free text, e.g. "launch by Q3".'),
  idempotency_key: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7E]+$/, 'must be printable ASCII')
    .describe('Required. A unique value you choose per inquiry (e.g. a UUID). Reuse it when you retry the same call, so a retry after a timeout or error never creates a duplicate inquiry; the original result is returned instead.'),
  sandbox: z.boolean().default(false).describe('true: validate and answer exactly like a real submission but store nothing (for rehearsing). Default false.'),
});

/** The key as an RFC 8941 sf-string, the form the inquiry service reads from the HTTP header. */
function asSfString(key: string): string {
  return `"${key.replace(/["\\]/g, '\\$&')}"`;
}

type ReceiptBody = { id?: unknown; status?: unknown; created_at?: unknown; sandbox?: unknown };
type ProblemBody = { error?: unknown; detail?: unknown; errors?: unknown };

function fromOutcome(outcome: SubmitOutcome, sandbox: boolean): CallToolResult {
  const body = JSON.parse(outcome.body) as ReceiptBody & ProblemBody;
  if (outcome.status >= 400) {
    // A stored failure replayed for a repeated key: show it as the same actionable error.
    const errors = Array.isArray(body.errors) ? (body.errors as { path: string; message: string }[]) : [];
    return toolError(String(body.error ?? 'error'), String(body.detail ?? 'The inquiry was not accepted.'), errors);
  }
  return structuredResult({
    id: String(body.id),
    status: String(body.status),
    created_at: String(body.created_at),
    sandbox: typeof body.sandbox === 'boolean' ? body.sandbox : sandbox,
    replayed: outcome.replayed,
  });
}

export function registerSubmitInquiry(server: McpServer, deps: McpDeps, call: McpCall): void {
  server.registerTool(
    'submit_inquiry',
    {
      title: 'Send an inquiry to the studio',
      description:
        'Send the studio a project inquiry (name, email, message, optionally company, budget, timeline and the catalog projects it refers to). ' +
        'Always pass an idempotency_key and reuse it on retries: a repeated call with the same key and arguments returns the first result instead of creating a duplicate. ' +
        'Set sandbox: true to rehearse; nothing is stored then. A bearer token on the MCP connection attributes the inquiry to your client (see auth.md); without one it is anonymous.',
      inputSchema: submitInquiryInput,
      outputSchema: InquiryReceiptSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ idempotency_key, sandbox, ...fields }) =>
      runTool(deps.logger, 'submit_inquiry', async () => {
        const outcome = await deps.inquiries.submit(fields, { principal: call.principal, source: 'mcp', sandbox, idempotencyKey: asSfString(idempotency_key) });
        return fromOutcome(outcome, sandbox);
      }),
  );
}
