import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { INQUIRIES_PATH, SANDBOX_INQUIRIES_PATH, type InquiryService } from '../../inquiries/service.js';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { authenticate } from '../auth.js';
import type { AppEnv } from '../env.js';
import { problem } from '../problem.js';
import { createSandboxScenarios, type ScenarioResponders } from './sandbox-scenarios.js';

export interface InquiryRouteOptions {
  service: InquiryService;
  verifier: BearerVerifier;
  scenarios: ScenarioResponders;
}

/** RFC 9110 §8.3: only JSON is accepted; anything else is 415 with what to send instead. */
function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(type);
}

async function readJson(c: Context<AppEnv>): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  if (!isJson(c.req.header('content-type'))) {
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
