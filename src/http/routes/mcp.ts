import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { McpEndpoint } from '../../mcp/endpoint.js';
import type { BearerVerifier } from '../../oauth/bearer.js';
import { authenticate } from '../auth.js';
import type { AppEnv } from '../env.js';
import { problem } from '../problem.js';

export const MCP_PATH = '/mcp';
const ALLOW = 'POST, OPTIONS';

export interface McpRouteOptions {
  endpoint: McpEndpoint;
  verifier: BearerVerifier;
  /** PUBLIC_URL: its origin is always allowed */
  publicUrl: string;
  /** further browser origins allowed to call the endpoint */
  allowedOrigins: readonly string[];
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
      return problem(c, { status: 403, code: 'origin_not_allowed', title: 'Origin not allowed', detail: `Browser requests to ${MCP_PATH} are accepted only from this service's own origin and configured MCP_ALLOWED_ORIGINS.` });
    }
    await next();
  };
}

/** POST /mcp: Origin check, CORS for allowed origins, bearer (same 401 as REST), then the SDK. */
export function registerMcpRoutes(app: OpenAPIHono<AppEnv>, options: McpRouteOptions): void {
  const allowed = new Set([new URL(options.publicUrl).origin, ...options.allowedOrigins]);
  app.use(MCP_PATH, originGuard(allowed));
  app.use(
    MCP_PATH,
    cors({
      origin: (origin) => (allowed.has(origin) ? origin : null),
      allowMethods: ['POST'],
      credentials: false,
      exposeHeaders: ['WWW-Authenticate', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'],
      maxAge: 600,
    }),
  );
  app.post(MCP_PATH, authenticate(options.verifier), (c) => options.endpoint.handle(c.req.raw, c.get('principal')));
  // Stateless serving has no SSE stream to GET and no session to DELETE (2026-07-28
  // streamable-http §"Earlier Streamable HTTP Revisions": 405 for both).
  app.all(MCP_PATH, (c) =>
    problem(c, { status: 405, code: 'method_not_allowed', title: 'Method not allowed', detail: `${c.req.method} is not supported on ${MCP_PATH}; send JSON-RPC messages with POST.` }, { allow: ALLOW }),
  );
}
