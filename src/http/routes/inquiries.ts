import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { INQUIRIES_PATH, SANDBOX_INQUIRIES_PATH, type InquiryService } from '../../inquiries/service.js';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { authenticate } from '../middleware/auth.js';
import type { AppEnv } from '../env.js';
import { isJsonMediaType } from '../requests/media-type.js';
import { problem } from '../responses/problem.js';
import { InquiryReceiptSchema, InquiryRequestSchema, InquirySchema, problemResponse } from '../openapi/schemas.js';
import { SANDBOX_SCENARIOS } from '../../model/sandbox-scenarios.js';
import { createSandboxScenarios, type ScenarioResponders } from './sandbox-scenarios.js';

export interface InquiryRouteOptions {
  service: InquiryService;
  verifier: BearerVerifier;
  scenarios: ScenarioResponders;
}

async function readJson(c: Context<AppEnv>): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  // RFC 9110 §15.5.16: only JSON is accepted; anything else is 415 with what to send instead.
  if (!isJsonMediaType(c.req.header('content-type'))) {
    return {
      ok: false,
      response: problem(c, { status: 415, code: 'unsupported_media_type', title: 'Unsupported media type', detail: 'Send the inquiry as JSON with Content-Type: application/json.' }, { 'accept-post': 'application/json' }),
    };
  }
  const text = await c.req.text();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      response: problem(c, { status: 400, code: 'malformed_json', title: 'Malformed JSON', detail: 'The request body is not valid JSON.', errors: [{ path: '(body)', message: 'not valid JSON' }] }),
    };
  }
}

function send(c: Context<AppEnv>, outcome: { status: number; headers: Record<string, string>; body: string; replayed: boolean }): Response {
  const headers = { ...outcome.headers, 'cache-control': 'no-store', ...(outcome.replayed ? { 'idempotent-replayed': 'true' } : {}) };
  return c.body(outcome.body, outcome.status as ContentfulStatusCode, headers);
}

/**
 * POST /api/v1/inquiries and its sandbox twin (seed §4 items 3–5). The sandbox validates,
 * authenticates and replays exactly like the real path but stores no inquiry.
 */
export function registerInquiryRoutes(app: OpenAPIHono<AppEnv>, { service, verifier, scenarios }: InquiryRouteOptions): void {
  const auth = authenticate(verifier);
  const sandboxScenario = createSandboxScenarios(scenarios);

  for (const sandbox of [false, true]) {
    const path = sandbox ? SANDBOX_INQUIRIES_PATH : INQUIRIES_PATH;
    // Validation lives in the inquiry service (shared with MCP and the HTML form), so the
    // route is documented here rather than validated by the router.
    app.openAPIRegistry.registerPath({
      method: 'post',
      path,
      tags: [sandbox ? 'Sandbox' : 'Inquiries'],
      operationId: sandbox ? 'createSandboxInquiry' : 'createInquiry',
      summary: sandbox ? 'Rehearse an inquiry: validated and answered like the real one, never stored' : 'Send an inquiry about the studio or its projects',
      request: {
        headers: sandbox
          ? z.object({ 'Sandbox-Scenario': z.enum(SANDBOX_SCENARIOS).optional().openapi({ description: 'Answer with this failure in its real shape, to rehearse error handling.' }) })
          : undefined,
        body: { required: true, content: { 'application/json': { schema: InquiryRequestSchema } } },
      },
      responses: {
        201: {
          description: 'Received. A replay of an earlier request with the same Idempotency-Key carries `Idempotent-Replayed: true` and the original body.',
          headers: sandbox ? undefined : { Location: { description: 'Where the submitting client can read the inquiry back.', required: true, schema: { type: 'string' } } },
          content: { 'application/json': { schema: InquiryReceiptSchema } },
        },
        400: problemResponse('Malformed JSON, invalid fields, a malformed Idempotency-Key' + (sandbox ? ', an unknown Sandbox-Scenario or the validation_error scenario.' : '.')),
        409: problemResponse('A request with the same Idempotency-Key is still in flight.'),
        415: problemResponse('The body is not application/json.'),
        422: problemResponse('An unknown project slug, or the Idempotency-Key was used with a different body.'),
        ...(sandbox ? { 500: problemResponse('Only with `Sandbox-Scenario: server_error`.') } : {}),
      },
    });
    app.post(path, auth, async (c) => {
      if (sandbox) {
        const rehearsal = sandboxScenario(c);
        if (rehearsal) return rehearsal;
      }
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const outcome = await service.submit(body.value, {
        principal: c.get('principal'),
        source: 'api',
        sandbox,
        idempotencyKey: c.req.header('idempotency-key'),
      });
      return send(c, outcome);
    });
  }

  // The Location of a created inquiry: readable only by the client that submitted it, so
  // nobody else's inquiry ever leaks. Anonymous inquiries have no reader through the API.
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: `${INQUIRIES_PATH}/{id}`,
    tags: ['Inquiries'],
    operationId: 'getInquiry',
    summary: 'Read back an inquiry your client submitted',
    security: [{ bearer: [] }],
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: 'The inquiry.', content: { 'application/json': { schema: InquirySchema } } },
      401: problemResponse('No bearer, or an invalid one.'),
      404: problemResponse('No inquiry with this id was submitted by your client.'),
    },
  });
  app.get(`${INQUIRIES_PATH}/:id`, authenticate(verifier, { required: true }), async (c) => {
    const inquiry = await service.get(c.req.param('id'));
    const principal = c.get('principal');
    if (!inquiry || !principal || inquiry.client_id !== principal.clientId) {
      return problem(c, { status: 404, code: 'not_found', title: 'Not found', detail: 'No inquiry with this id was submitted by your client.' });
    }
    return c.json(inquiry, 200, { 'cache-control': 'private, no-store' });
  });

  // Seed §4 item 5: every other write under the sandbox is a 404 problem.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/api/v1/sandbox/*', auth, (c) =>
    problem(c, {
      status: 404,
      code: 'not_found',
      title: 'Not found',
      detail: `The sandbox has no write endpoint at ${c.req.path}; the sandbox accepts POST ${SANDBOX_INQUIRIES_PATH}.`,
    }),
  );
}
