import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type AuthInfo, type HandleRequestOptions, type McpRequestContext } from '@modelcontextprotocol/server';
import type { Principal } from '../model/principal.js';
import { sandboxScenarioNamed } from '../model/sandbox-scenarios.js';
import { McpAnswerCache, type CachedAnswer, type HeaderOf, type Recording } from './answer-cache.js';
import type { McpDeps } from './context.js';
import { handshakeEraNotFound, isResourceRead } from './resource-not-found.js';
import { buildMcpServer } from './server.js';
import { LEGACY_VERSIONS_SERVED, modernResponseRefusal, unsupportedModernAnswer, unsupportedVersionAnswer } from './versions.js';

/** A message the answer cache may answer (answer-cache.ts): its key and its JSON-RPC id. */
export interface AnswerKey {
  key: string;
  id: string | number;
}

/** The MCP endpoint as a web-standard function: one POST in, one JSON response out. */
export interface McpEndpoint {
  /** For a parsed POST body, the key under which the answer cache may hold its answer. */
  answerKey(message: unknown, header: HeaderOf, principal: Principal | null): AnswerKey | undefined;
  /** The SDK's answer to an identical earlier call with this id, while still current. */
  cached(key: AnswerKey): CachedAnswer | Promise<CachedAnswer | undefined> | undefined;
  /**
   * `principal` is the verified bearer's (null = anonymous); the caller has already authenticated.
   * With `key`, the SDK's answer is offered to the answer cache. With `parsedBody` (the POST's
   * JSON, already parsed by the caller) the SDK reads nothing from `request`'s body.
   */
  handle(request: Request, principal: Principal | null, options?: HandleOptions): Promise<Response>;
  /** how many calls the answer cache has answered (tests assert which path served a call) */
  readonly cacheHits: number;
  close(): Promise<void>;
}

export interface HandleOptions {
  key?: AnswerKey | undefined;
  parsedBody?: unknown;
}

export interface McpEndpointOptions {
  /** keep and serve the SDK's answers to repeated catalog tool calls (answer-cache.ts); default true */
  answerCache?: boolean;
}

function authInfoOf(principal: Principal | null): AuthInfo | undefined {
  if (!principal) return undefined;
  // The raw bearer never travels further than the verifier: tools need the principal only.
  return { token: '', clientId: principal.clientId, scopes: [...principal.scopes], extra: { principal } };
}

/** The scenario a request's `Sandbox-Scenario` header names, for the tools (context.ts). */
function scenarioOf(request: Request | undefined) {
  const raw = request?.headers.get('sandbox-scenario');
  return raw == null ? null : sandboxScenarioNamed(raw);
}

function principalOf(authInfo: AuthInfo | undefined): Principal | null {
  return (authInfo?.extra?.principal as Principal | undefined) ?? null;
}

/**
 * MCP 2025-06-18/2025-11-25 transports §"Sending Messages": a client MUST accept both JSON and
 * SSE. This endpoint only ever answers JSON, so a client that asks for JSON alone (or sends no
 * Accept) is served rather than refused with 406.
 */
function acceptingJson(request: Request, bodyRead: boolean): Request {
  const accept = request.headers.get('accept') ?? '';
  if (accept.includes('application/json') && accept.includes('text/event-stream')) return request;
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  // A body already read (and given as parsedBody) cannot be carried over, and is not needed.
  return bodyRead ? new Request(request.url, { method: request.method, headers, signal: request.signal }) : new Request(request, { headers });
}

/**
 * Serves both protocol eras statelessly with JSON responses:
 * - 2026-07-28 (per-request `_meta`, `server/discover`): the SDK's `createMcpHandler`.
 * - 2025-06-18 / 2025-11-25 (`initialize` handshake): a fresh server per POST over the SDK's
 *   Streamable HTTP transport without sessions (MCP 2025-11-25 transports §"Session
 *   Management": sessions are optional) and with JSON instead of SSE responses.
 */
export function createMcpEndpoint(deps: McpDeps, options: McpEndpointOptions = {}): McpEndpoint {
  const onerror = (error: Error) => deps.logger.debug({ err: error.message }, 'mcp request rejected');
  const answers = new McpAnswerCache({ enabled: options.answerCache ?? true, isCurrent: (source) => deps.catalog.isCurrent(source) });
  // The exchange each recorded request belongs to: the SDK hands the factory the request it was given.
  const recordings = new WeakMap<Request, Recording>();
  const modern = createMcpHandler((ctx: McpRequestContext) => buildMcpServer(deps, { principal: principalOf(ctx.authInfo), served: ctx.requestInfo && recordings.get(ctx.requestInfo)?.served, scenario: scenarioOf(ctx.requestInfo) }), {
    legacy: 'reject',
    // 'auto' answers with one JSON body unless a handler emits a message before its result;
    // no tool here does, so every answer is JSON (and 'json' would only add a start-up warning).
    responseMode: 'auto',
    onerror,
  });

  async function legacy(request: Request, principal: Principal | null, recording: Recording | undefined, options: HandleRequestOptions): Promise<Response> {
    const server = buildMcpServer(deps, { principal, served: recording?.served, versions: LEGACY_VERSIONS_SERVED, scenario: scenarioOf(request) });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    transport.onerror = onerror;
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(acceptingJson(request, options.parsedBody !== undefined), options);
      return isResourceRead(options.parsedBody) ? await handshakeEraNotFound(response) : response;
    } finally {
      await server.close();
    }
  }

  /**
   * With `parsedBody` the SDK classifies and serves the message from the value (its documented
   * escape hatch): without it, `isLegacyRequest` reads a clone of the body and the handler reads
   * it again, two stream reads and JSON parses of a body the route has already parsed.
   */
  async function serve(request: Request, principal: Principal | null, recording: Recording | undefined, parsedBody: unknown): Promise<Response> {
    const authInfo = authInfoOf(principal);
    // What either era's SDK entry takes beside the request.
    const options: HandleRequestOptions = { ...(authInfo ? { authInfo } : {}), ...(parsedBody !== undefined ? { parsedBody } : {}) };
    const header = request.headers.get('mcp-protocol-version');
    if (await isLegacyRequest(request, parsedBody)) return unsupportedVersionAnswer(header, parsedBody) ?? modernResponseRefusal(header, parsedBody) ?? legacy(request, principal, recording, options);
    const unsupported = unsupportedModernAnswer(header, parsedBody);
    if (unsupported) return unsupported;
    if (recording) recordings.set(request, recording);
    return modern.fetch(request, options);
  }

  return {
    answerKey(message, header, principal) {
      const key = answers.keyOf(message, header, principal);
      return key === undefined ? undefined : { key, id: (message as { id: string | number }).id };
    },
    cached: ({ key, id }) => answers.get(key, id),
    get cacheHits() {
      return answers.hits;
    },
    async handle(request, principal, options = {}) {
      const { key, parsedBody } = options;
      const recording = key && answers.record(key.key, key.id);
      const response = await serve(request, principal, recording, parsedBody);
      return recording ? answers.keep(recording, response) : response;
    },
    close: () => modern.close(),
  };
}
