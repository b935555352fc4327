import { ERROR_CODES } from '../../lib/errors.js';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { McpEndpoint } from '../../mcp/endpoint.js';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { allowedOriginsCors } from '../middleware/allowed-origins-cors.js';
import { authenticate, insufficientScopeResponse } from '../middleware/auth.js';
import { jsonHasNul } from '../../lib/nul-character.js';
import { BATCH_RESPONSE, INVALID_ID_RESPONSE, hasInvalidJsonRpcId, nulOnlyInToolArguments, nulParamsResponse, tooDeepResponse } from '../../mcp/json-rpc-id.js';
import { MAX_JSON_DEPTH } from '../requests/json-body.js';
import { jsonDepthExceeds } from '../requests/json-depth.js';
import { missingScope, requiredScope } from '../../mcp/tool-scopes.js';
import { ACCEPTED_SANDBOX_SCENARIOS, sandboxScenarioNamed, type SandboxScenario } from '../../model/sandbox-scenarios.js';
import { markRehearsal, unknownScenarioResponse, type ScenarioResponders } from './sandbox-scenarios.js';
import type { AppEnv } from '../env.js';
import { problem } from '../responses/problem.js';
import { respondWith } from '../responses/response-headers.js';
import { optionalBearer, SANDBOX_REHEARSALS } from '../openapi/declarations.js';
import { problemContent, problemResponse } from '../openapi/schemas.js';
import { answeredMethod } from '../middleware/head-length.js';

export const MCP_PATH = '/mcp';
const ALLOW = 'POST, OPTIONS';

export interface McpRouteOptions {
  endpoint: McpEndpoint;
  verifier: BearerVerifier;
  /** PUBLIC_URL: its origin is always allowed */
  publicUrl: string;
  /** further browser origins allowed to call the endpoint */
  allowedOrigins: readonly string[];
  /** the real 429 (`mcp` policy) and 401 of this endpoint, for a sandbox call's rehearsals */
  scenarios: ScenarioResponders;
}

/**
 * MCP 2025-11-25 transports §"Security Warning" / 2026-07-28 streamable-http §"Security &
 * Endpoint": servers MUST validate `Origin` (DNS rebinding) and answer 403 for an invalid one.
 * Requests without `Origin` (non-browser clients) pass.
 */
function originGuard(allowed: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin)) {
      return problem(c, { status: 403, code: ERROR_CODES.originNotAllowed, title: 'Origin not allowed', detail: `Browser requests to ${MCP_PATH} are accepted only from this service's own origin and configured MCP_ALLOWED_ORIGINS.` });
    }
    await next();
  };
}

const JsonRpcIdSchema = z.union([z.string(), z.number().int(), z.null()]);

const JsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcIdSchema.optional().openapi({ description: 'Absent for notifications (answered 202 with no body).' }),
    method: z.string().openapi({ example: 'tools/list' }),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('McpJsonRpcMessage', { description: 'One JSON-RPC 2.0 request or notification (MCP Streamable HTTP: one message per POST).' });

const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcIdSchema,
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .openapi('McpJsonRpcResponse', { description: 'A JSON-RPC 2.0 response: `result`, or `error` for protocol failures. Tool failures are results with `isError: true`.' });

const rpcContent = { 'application/json': { schema: JsonRpcResponseSchema } };

function documentMcpRoute(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: MCP_PATH,
    tags: ['MCP'],
    operationId: 'mcp',
    summary: 'Model Context Protocol endpoint (Streamable HTTP, stateless, JSON responses)',
    // The bearer is optional; each tool decides which scope it needs (submit_inquiry: inquiries:write).
    ...optionalBearer([]),
    description: [
      'Serves MCP 2025-06-18 and 2025-11-25 (`initialize`, `notifications/initialized`, then e.g. `tools/list`; no session is minted) and 2026-07-28 (per-request `_meta`, `server/discover`).',
      'Tools: `search_projects`, `get_project`, `list_facets`, `get_studio`, `submit_inquiry` (with `idempotency_key` and `sandbox`).',
      'A bearer is optional and attributes `submit_inquiry`; an invalid one gets the same 401 as REST. Browser callers must come from an allowed `Origin`. `GET` and `DELETE` answer 405.',
    ].join(' '),
    ...SANDBOX_REHEARSALS,
    request: {
      headers: z.object({
        'Sandbox-Scenario': z.enum(ACCEPTED_SANDBOX_SCENARIOS as [string, ...string[]]).optional().openapi({
          description: 'On a `submit_inquiry` call with `sandbox: true`, answer with this failure as the real one is answered: `rate_limited` and `invalid_token` as HTTP 429 and 401, the others as the tool\'s `isError` result. Ignored on every other message. The answer carries a `Sandbox-Scenario` response header naming it.',
        }),
      }),
      body: { required: true, content: { 'application/json': { schema: JsonRpcMessageSchema } } },
    },
    responses: {
      200: { description: 'The JSON-RPC response.', content: rpcContent, headers: { 'Sandbox-Scenario': { $ref: '#/components/headers/Sandbox-Scenario' } } },
      202: { description: 'A notification was accepted (no body).' },
      400: { description: 'Malformed JSON or JSON-RPC, a batch (one message per POST), a message nested deeper than 32 levels, an unsupported protocol version (-32022) or mismatched MCP headers (-32020); or (a problem) an unknown `Sandbox-Scenario` on a sandbox `submit_inquiry`.', content: { ...rpcContent, ...problemContent } },
      403: problemResponse('The `Origin` header names an origin that may not call this endpoint (DNS-rebinding protection), or a tool call needs a scope the token lacks (`WWW-Authenticate: Bearer error="insufficient_scope", scope=…`: the MCP step-up).'),
      404: { description: '2026-07-28: the method is not implemented (-32601).', content: rpcContent },
      415: { description: 'The body is not `application/json`.', content: rpcContent },
    },
  });
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The request as it arrived, its body (already read here) readable again for the SDK. */
function withBody(request: Request, text: string): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, body: text, signal: request.signal });
}

/** The scenario a sandbox `submit_inquiry` call rehearses: none for any other message. */
function rehearsalOf(header: string | undefined, message: unknown): SandboxScenario | 'unknown' | null {
  if (header === undefined || requiredScope(message) !== 'sandbox:write') return null;
  return sandboxScenarioNamed(header) ?? 'unknown';
}

/**
 * POST /mcp: Origin check, CORS for allowed origins, bearer (same 401 as REST), scope step-up,
 * then the answer cache for a repeated catalog tool call (src/mcp/answer-cache.ts), else the SDK.
 */
export function registerMcpRoutes(app: OpenAPIHono<AppEnv>, options: McpRouteOptions): void {
  documentMcpRoute(app);
  const allowed = new Set([new URL(options.publicUrl).origin, ...options.allowedOrigins]);
  app.use(MCP_PATH, originGuard(allowed));
  app.use(MCP_PATH, allowedOriginsCors({ allowed, allowMethods: ['POST'], exposeHeaders: ['WWW-Authenticate', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Sandbox-Scenario', 'X-Request-Id'], maxAge: 600 }));
  app.post(MCP_PATH, authenticate(options.verifier, { resource: 'mcp' }), async (c) => {
    const principal = c.get('principal');
    // The body is read once, as text (@hono/node-server reads it straight from the socket).
    const text = await c.req.text();
    const body = parseOrNull(text);
    if (Array.isArray(body)) return c.json(BATCH_RESPONSE, 400);
    if (hasInvalidJsonRpcId(body)) return c.json(INVALID_ID_RESPONSE, 400);
    // Before the walks below (scopes, U+0000, the answer cache's key), which a message nested
    // thousands of levels deep overflowed: a 500 and a logged stack trace per request.
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return c.json(tooDeepResponse(body, MAX_JSON_DEPTH), 400);
    // A tool's arguments holding U+0000 are the tool's to refuse, as a result the model can act on (tool-result.ts).
    if (jsonHasNul(text) && !nulOnlyInToolArguments(body)) return c.json(nulParamsResponse(body), 400);
    // MCP 2025-11-25 authorization §"Scope Challenge Handling": a call that needs a scope the
    // token lacks is HTTP 403 insufficient_scope, so the client can step up.
    const missing = principal ? missingScope(body, principal.scopes) : undefined;
    if (missing) return insufficientScopeResponse(c, missing, 'mcp');
    // A sandbox submit_inquiry rehearses a `Sandbox-Scenario` as POST /api/v1/sandbox/inquiries
    // does (docs/design.md §3): the failures MCP answers in HTTP here, the others in the tool's result.
    const rehearsing = rehearsalOf(c.req.header('sandbox-scenario'), body);
    if (rehearsing === 'unknown') return unknownScenarioResponse(c);
    if (rehearsing === 'rate_limited') return markRehearsal(options.scenarios.rateLimited(c), rehearsing);
    if (rehearsing === 'invalid_token') return markRehearsal(options.scenarios.invalidToken(c), rehearsing);
    const key = options.endpoint.answerKey(body, (name) => c.req.header(name), principal);
    if (key !== undefined) {
      const hit = options.endpoint.cached(key);
      const answer = hit instanceof Promise ? await hit : hit;
      if (answer !== undefined) return respondWith(c, answer.body, answer.status, answer.headers);
    }
    // JSON already parsed goes to the SDK as the value; a body that is not JSON goes as text, for
    // the SDK's own answer to it.
    if (body === null) return options.endpoint.handle(withBody(c.req.raw, text), principal, { key });
    const response = await options.endpoint.handle(c.req.raw, principal, { key, parsedBody: body });
    return rehearsing ? markRehearsal(response, rehearsing) : response;
  });
  // Stateless serving has no SSE stream to GET and no session to DELETE (2026-07-28
  // streamable-http §"Earlier Streamable HTTP Revisions": 405 for both).
  app.all(MCP_PATH, (c) =>
    problem(c, { status: 405, code: ERROR_CODES.methodNotAllowed, title: 'Method not allowed', detail: `${answeredMethod(c)} is not supported on ${MCP_PATH}; send JSON-RPC messages with POST.` }, { allow: ALLOW }),
  );
}
