import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { checkWriteScope, INQUIRIES_PATH, SANDBOX_INQUIRIES_PATH, type InquiryService } from '../../inquiries/service.js';
import type { Inquiry } from '../../inquiries/types.js';
import { ERROR_CODES } from '../../lib/errors.js';
import { ACCEPTED_SANDBOX_SCENARIOS, SANDBOX_SCENARIO_ALIASES } from '../../model/sandbox-scenarios.js';
import type { BearerVerifier } from '../../oauth/bearer.js';
import type { AppEnv } from '../env.js';
import { authenticate } from '../middleware/auth.js';
import { IDEMPOTENT, optionalBearer, REQUIRED_BEARER, SANDBOX_REHEARSALS } from '../openapi/declarations.js';
import { InquiryRequestSchema, InquirySchema, problemResponse, unsupportedMediaTypeResponse } from '../openapi/schemas.js';
import { idempotencyKeyOf, replayedHeaders } from '../requests/idempotency-key.js';
import { readJsonBody } from '../requests/json-body.js';
import { refuseIfMatchWithoutRepresentation } from '../requests/no-representation.js';
import { methodsServing } from '../responses/not-found.js';
import { problem } from '../responses/problem.js';
import { respondWith } from '../responses/response-headers.js';
import { createSandboxScenarios, type ScenarioResponders } from './sandbox-scenarios.js';

export interface InquiryRouteOptions {
  service: InquiryService;
  verifier: BearerVerifier;
  scenarios: ScenarioResponders;
}

/** The one REST representation of an inquiry: what POST answers and GET on its Location reads. */
export function inquiryRepresentation(inquiry: Inquiry, baseUrl: string): Inquiry & { links?: { self: string } } {
  // A sandbox inquiry is never stored, so its receipt names no resource to fetch.
  return inquiry.sandbox ? inquiry : { ...inquiry, links: { self: `${baseUrl}${INQUIRIES_PATH}/${inquiry.id}` } };
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
      ...optionalBearer([sandbox ? 'sandbox:write' : 'inquiries:write']),
      ...IDEMPOTENT,
      ...(sandbox ? SANDBOX_REHEARSALS : {}),
      request: {
        headers: sandbox
          ? z.object({
              'Sandbox-Scenario': z
                .enum(ACCEPTED_SANDBOX_SCENARIOS as [string, ...string[]])
                .optional()
                .openapi({
                  description: `Answer with this failure in its real shape, to rehearse error handling: name the error code to rehearse. The answer carries a \`Sandbox-Scenario\` response header naming it. Older names still accepted: ${Object.entries(SANDBOX_SCENARIO_ALIASES).map(([old, code]) => `\`${old}\` (= \`${code}\`)`).join(', ')}.`,
                }),
            })
          : undefined,
        body: { required: true, content: { 'application/json': { schema: InquiryRequestSchema } } },
      },
      responses: {
        201: {
          description: 'Received. A replay of an earlier request with the same Idempotency-Key carries `Idempotent-Replayed: true` and the original body.',
          headers: sandbox ? undefined : { Location: { description: 'Where the submitting client can read the inquiry back.', required: true, schema: { type: 'string' } } },
          content: { 'application/json': { schema: InquirySchema } },
        },
        400: problemResponse('Malformed JSON, invalid fields, a malformed Idempotency-Key' + (sandbox ? ', an unknown Sandbox-Scenario, or the `validation_failed` scenario.' : '.')),
        412: problemResponse('The request carried If-Match: this collection has no representation for it to match (RFC 9110 §13.1.1).'),
        415: unsupportedMediaTypeResponse('The body is not application/json.', 'Accept-Post'),
        422: problemResponse('An unknown project slug, or the Idempotency-Key was used with a different body.'),
        ...(sandbox ? { 500: problemResponse('Only with `Sandbox-Scenario: internal_error`.') } : {}),
      },
    });
    app.post(path, auth, async (c) => {
      // As on /mcp: a bearer without the write's scope gets its 403 before anything else is
      // looked at (a rehearsal, the Idempotency-Key, the body).
      checkWriteScope(c.get('principal'), sandbox);
      if (sandbox) {
        const rehearsal = sandboxScenario(c);
        if (rehearsal) return rehearsal;
      }
      refuseIfMatchWithoutRepresentation(c, 'to retry safely, send the same Idempotency-Key.');
      const idempotencyKey = idempotencyKeyOf(c);
      const body = await readJsonBody(c, 'the inquiry');
      if (!body.ok) return body.response;
      const { inquiry, replayed } = await service.submit(body.value, { principal: c.get('principal'), source: 'api', sandbox, idempotencyKey });
      return created(c, inquiry, replayed);
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
    ...REQUIRED_BEARER,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: 'The inquiry, as the POST that created it answered.', content: { 'application/json': { schema: InquirySchema } } },
      401: { ...problemResponse('No bearer, or an invalid one.'), headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } } },
      404: problemResponse('No inquiry with this id was submitted by your client.'),
    },
  });
  app.get(`${INQUIRIES_PATH}/:id`, authenticate(verifier, { required: true }), async (c) => {
    const inquiry = await service.get(c.req.param('id'));
    const principal = c.get('principal');
    if (!inquiry || !principal || inquiry.client_id !== principal.clientId) {
      return problem(c, { status: 404, code: ERROR_CODES.notFound, title: 'Not found', detail: 'No inquiry with this id was submitted by your client.' });
    }
    return c.json(inquiryRepresentation(inquiry, c.get('baseUrl')), 200, { 'cache-control': 'private, no-store' });
  });

  // Seed §4 item 5 (docs/design.md §3): every other sandbox write path is a 404 problem, after
  // the bearer's check. The sandbox's own write path (its inquiries) asked with another method
  // goes on to the app's 405 with `Allow` (RFC 9110 §15.5.6), as its twin outside the sandbox does.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/api/v1/sandbox/*', auth, async (c, next) =>
    methodsServing(app, c.req.path).has('POST') ? next() : problem(c, {
      status: 404,
      code: ERROR_CODES.notFound,
      title: 'Not found',
      detail: `The sandbox has no write endpoint at ${c.req.path}; the sandbox accepts POST ${SANDBOX_INQUIRIES_PATH}.`,
    }),
  );
}

/**
 * 201 with the inquiry; RFC 9110 §15.3.2: Location names the created resource (none for the
 * sandbox). Built in one step with the middleware's headers (respondWith, as oauthJson): this
 * route sets none with `c.header()`.
 */
function created(c: Context<AppEnv>, inquiry: Inquiry, replayed: boolean): Response {
  const representation = inquiryRepresentation(inquiry, c.get('baseUrl'));
  const headers: Record<string, string> = { 'content-type': 'application/json', 'cache-control': 'no-store', ...replayedHeaders(replayed) };
  if (representation.links) headers.location = representation.links.self;
  return respondWith(c, JSON.stringify(representation), 201, headers);
}
