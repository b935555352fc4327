import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { inquiryInputSchema } from '../../inquiries/schemas.js';
import type { McpCall, McpDeps } from '../context.js';
import { InquiryReceiptSchema } from '../schemas.js';
import { internalErrorResult, runTool, structuredResult } from '../tool-result.js';
import { rehearsedFailure } from '../../inquiries/rehearsed-failures.js';
import type { SandboxScenario } from '../../model/sandbox-scenarios.js';
import { validatedByService } from '../validated-by-service.js';
import { invalidInput } from '../../lib/zod-errors.js';

/**
 * The fields of POST /api/v1/inquiries (the same schema the service validates with) plus what
 * HTTP carries in headers or the path: the idempotency key (required here, since agents retry
 * tool calls) and the sandbox switch.
 */
export const submitInquiryInput = inquiryInputSchema.extend({
  idempotency_key: z
    // Only a missing key "is required": an error given as a string would word every check so.
    .string({ error: (issue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? 'is required' : 'must be text') : undefined) })
    .min(1, 'is required')
    .max(255)
    .regex(/^[\x20-\x7E]+$/, 'must be printable ASCII')
    .describe('Required. A unique value you choose per inquiry (e.g. a UUID). Reuse it when you retry the same call, so a retry after a timeout or error never creates a duplicate inquiry; the original result is returned instead.'),
  sandbox: z.boolean().default(false).describe('true: validate and answer exactly like a real submission but store nothing (for rehearsing). Default false.'),
});

/** What the tool adds to the inquiry, validated here (the inquiry service validates the rest). */
const callOptions = submitInquiryInput.pick({ idempotency_key: true, sandbox: true });

export function registerSubmitInquiry(server: McpServer, deps: McpDeps, call: McpCall): void {
  server.registerTool(
    'submit_inquiry',
    {
      title: 'Send an inquiry to the studio',
      description:
        'Send the studio a project inquiry (name, email, message, optionally company, budget, timeline and the catalog projects it refers to). ' +
        'Always pass an idempotency_key and reuse it on retries: a repeated call with the same key and arguments returns the first result instead of creating a duplicate. ' +
        'Set sandbox: true to rehearse; nothing is stored then. A bearer token on the MCP connection attributes the inquiry to your client (see auth.md); without one it is anonymous.',
      inputSchema: validatedByService(submitInquiryInput),
      outputSchema: InquiryReceiptSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(deps.logger, 'submit_inquiry', async () => {
        const { idempotency_key, sandbox, ...fields } = args as Record<string, unknown>;
        // A rehearsal answers before anything is looked at, as on POST /api/v1/sandbox/inquiries.
        const rehearsed = sandbox === true ? rehearsal(call.scenario) : undefined;
        if (rehearsed) return rehearsed;
        const options = callOptions.safeParse({ idempotency_key, sandbox });
        if (!options.success) throw invalidInput('The call', options.error);
        const { inquiry, replayed } = await deps.inquiries.submit(fields, { principal: call.principal, source: 'mcp', sandbox: options.data.sandbox, idempotencyKey: options.data.idempotency_key });
        return structuredResult({ id: inquiry.id, status: inquiry.status, created_at: inquiry.created_at, sandbox: inquiry.sandbox, replayed });
      }, args),
  );
}

/**
 * The tool's answer to a rehearsed failure, as the real failure gives it: a domain error is
 * thrown for runTool to render; the internal one is runTool's bland result, without the error log
 * a real one writes. None for rate_limited and invalid_token: those are HTTP answers, which the
 * route gives (http/routes/mcp.ts).
 */
function rehearsal(scenario: SandboxScenario | null | undefined): CallToolResult | undefined {
  switch (scenario) {
    case 'internal_error':
      return internalErrorResult();
    case 'idempotency_conflict':
    case 'validation_failed':
      throw rehearsedFailure(scenario);
    default:
      return undefined;
  }
}
