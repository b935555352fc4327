import { readFileSync } from 'node:fs';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import { decorateDocument, type DecorateOptions } from './decorate.js';
import { HTTP_METHODS, type OpenApiDocument } from './types.js';

export const SCOPES = {
  'catalog:read': 'Read the catalog (granted to every token; reads also work without one).',
  'inquiries:write': 'Submit inquiries at /api/v1/inquiries.',
  'sandbox:write': 'Write to the sandbox at /api/v1/sandbox/*.',
} as const;

const TAG_DESCRIPTIONS: Record<string, string> = {
  Catalog: 'The public portfolio catalog. No credential needed.',
  Sandbox: 'The test environment (seed §4 items 2, 4, 5): a fixed fixture catalog, and inquiries that are validated and answered like the real ones, then discarded. Any other write under /api/v1/sandbox/ is a 404 problem.',
  Inquiries: 'Inquiries from people and agents. A bearer token is optional and attributes the write.',
  OAuth: 'The agent-oriented OAuth 2.0 authorization server (RFC 6749, 7009, 7591, 8414). See /auth.md.',
  Keys: 'Free API keys, with no account, payment or waitlist.',
  Discovery: 'Machine-readable descriptions of the service.',
  MCP: 'The Model Context Protocol endpoint (Streamable HTTP, stateless).',
  Health: 'Liveness and readiness probes.',
  Admin: 'The studio\'s inbox, for the studio\'s own scripts: owner API tokens only (created in /admin/tokens or with `vitrine owner token create`).',
};

/** The version field of this package, read once; package.json sits three levels above src/http/openapi and dist/http/openapi alike. */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

export interface OpenApiOptions extends DecorateOptions {
  /** the configured PUBLIC_URL: `servers[0].url` and the OAuth token URL */
  baseUrl: string;
}

function registerSecuritySchemes(app: OpenAPIHono<AppEnv>, baseUrl: string): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'RFC 6750: an access token (`vt_at_…`) from /oauth/token or /oauth/claim, or an API key (`vt_key_…`) from /api/v1/keys.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'ownerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'An owner API token (`vt_own_…`, scope `admin`), created in /admin/tokens or with `vitrine owner token create`. Public access tokens and API keys are refused.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'oauth2', {
    type: 'oauth2',
    description: 'Anonymous method: register a public client at /oauth/register, then `grant_type=client_credentials` with `client_id` alone. See /auth.md.',
    flows: { clientCredentials: { tokenUrl: `${baseUrl}/oauth/token`, scopes: { ...SCOPES } } },
  });
}

/**
 * The OpenAPI 3.1 document of every route registered through @hono/zod-openapi (createRoute or
 * registerPath), with the cross-cutting parts added by decorateDocument. Call it after every
 * route is registered; the route set is fixed from then on.
 */
export function buildOpenApiDocument(app: OpenAPIHono<AppEnv>, options: OpenApiOptions): OpenApiDocument {
  registerSecuritySchemes(app, options.baseUrl);
  const generated = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'vitrine',
      version: packageVersion(),
      description: [
        'A public portfolio catalog with a sandbox, inquiries, free API keys, an agent-oriented OAuth 2.0 flow and an MCP endpoint.',
        '',
        '- **Reads** need no credential.',
        '- **Writes** (inquiries, sandbox writes) accept an optional `Authorization: Bearer` token that attributes the write; send an `Idempotency-Key` so retries are safe.',
        '- **Credentials**: `GET /api/v1/keys` for a free key, or register at `/oauth/register` and use `grant_type=client_credentials` at `/oauth/token`. The walkthrough is at `/auth.md`.',
        '- **Errors** are RFC 9457 `application/problem+json` with a stable `error` code; the OAuth endpoints answer RFC 6749 JSON (`error`, `error_description`).',
        '- **Rate limits** are announced on every metered response in the `RateLimit` and `RateLimit-Policy` fields; a 429 adds `Retry-After`.',
      ].join('\n'),
    },
    servers: [{ url: options.baseUrl, description: 'This server' }],
    externalDocs: { description: 'Authentication walkthrough', url: `${options.baseUrl}/auth.md` },
  });
  const doc = decorateDocument(structuredClone(generated) as unknown as OpenApiDocument, options);
  // OpenAPI 3.1 §4.8.4: an SPDX identifier (the generator's typings predate the field).
  doc.info.license = { name: 'MIT', identifier: 'MIT' };
  doc.tags = usedTags(doc).map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name }));
  return doc;
}

function usedTags(doc: OpenApiDocument): string[] {
  const used = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) for (const tag of item[method]?.tags ?? []) used.add(tag);
  }
  return [...used].sort();
}
