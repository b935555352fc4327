import { IDEMPOTENT_MARK, OAUTH_ENDPOINT_MARK, SANDBOX_REHEARSALS_MARK } from './declarations.js';
import { SANDBOX_SCENARIOS } from '../../model/sandbox-scenarios.js';
import { isReference, type HeaderObject, type OpenApiDocument, type OperationObject, type ParameterObject, type Reference, type ResponseObject } from './types.js';

/**
 * Cross-cutting behaviour that every route shares (rate limits, bearer challenges, idempotency,
 * the error renderer) is added to the generated document here: rate limits from the same rule
 * the middleware applies, the rest from what each route declares (declarations.ts), instead of
 * being repeated by hand in each route's schema.
 */

export interface Metering {
  /** policy name as it appears in the RateLimit fields */
  name: string;
  q: number;
  w: number;
  /** the policy answers 503 instead of admitting when its counter store fails */
  failClosed: boolean;
}

export interface DecorateOptions {
  /** which rate-limit policy meters a request, from the rate-limit middleware's own rule */
  meteredBy(method: string, path: string): Metering | null;
  idempotencyTtlSeconds: number;
}

const PROBLEM = 'application/problem+json';
const problemRef = { $ref: '#/components/schemas/Problem' };
const header = (name: string): Reference => ({ $ref: `#/components/headers/${name}` });
const response = (name: string): Reference => ({ $ref: `#/components/responses/${name}` });

/** Whether the operation's declared security accepts a bearer (optional or required). */
function takesBearer(operation: OperationObject): boolean {
  return (operation.security ?? []).some((requirement) => 'bearer' in requirement || 'oauth2' in requirement);
}

/** A 403 is possible where scopes are named (oauth2) or a bearer is required; not on BEARER_CHECKED reads. */
function checksScope(operation: OperationObject): boolean {
  const security = operation.security ?? [];
  return security.some((requirement) => 'oauth2' in requirement) || !security.some((requirement) => Object.keys(requirement).length === 0);
}

function componentHeaders(ttlSeconds: number): Record<string, HeaderObject> {
  return {
    RateLimit: {
      description:
        'draft-ietf-httpapi-ratelimit-headers: the policy this request counted against, with `r` (requests remaining) and `t` (seconds until the window resets), e.g. `"reads";r=599;t=60`. Absent on unmetered paths and when rate limits are disabled.',
      schema: { type: 'string', example: '"reads";r=599;t=60' },
    },
    'RateLimit-Policy': {
      description: 'draft-ietf-httpapi-ratelimit-headers: the policy\'s quota `q` per window of `w` seconds, e.g. `"reads";q=600;w=60`.',
      schema: { type: 'string', example: '"reads";q=600;w=60' },
    },
    'Retry-After': {
      description: 'RFC 9110 §10.2.3: seconds to wait before retrying; never earlier than the window reset.',
      required: true,
      schema: { type: 'integer', minimum: 1, example: 42 },
    },
    'WWW-Authenticate': {
      description:
        'RFC 6750 §3 challenge with the RFC 9728 §5.1 `resource_metadata` parameter, e.g. `Bearer error="invalid_token", resource_metadata="{base_url}/.well-known/oauth-protected-resource"`.',
      required: true,
      schema: { type: 'string' },
    },
    ETag: { description: 'RFC 9110 §8.8.3: the representation\'s validator; send it back in If-None-Match for a 304.', schema: { type: 'string' } },
    'Sandbox-Scenario': {
      description: 'Present only on a rehearsed failure in the sandbox: the scenario (error code) that produced this answer, so it is never mistaken for a real one.',
      schema: { type: 'string', enum: [...SANDBOX_SCENARIOS] },
    },
    'Idempotent-Replayed': {
      description: `\`true\` when this response is the stored answer to an earlier request with the same Idempotency-Key and body (kept ${ttlSeconds} seconds).`,
      schema: { type: 'string', enum: ['true'] },
    },
  };
}

function problemResponse(description: string, headers: Record<string, HeaderObject | Reference> = {}): ResponseObject {
  return { description, headers, content: { [PROBLEM]: { schema: problemRef } } };
}

function oauthErrorResponse(description: string, headers: Record<string, HeaderObject | Reference> = {}): ResponseObject {
  return { description, headers, content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } };
}

function componentResponses(): Record<string, ResponseObject> {
  const rateLimitHeaders = { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') };
  const requiredRateLimitHeaders: Record<string, HeaderObject | Reference> = {
    // Seed §7: a 429 always carries Retry-After and the RateLimit fields.
    'Retry-After': header('Retry-After'),
    RateLimit: { description: 'The exhausted policy: `r=0`.', required: true, schema: { type: 'string', example: '"writes";r=0;t=42' } },
    'RateLimit-Policy': { description: 'The policy that was exceeded.', required: true, schema: { type: 'string', example: '"writes";q=120;w=60' } },
  };
  return {
    ValidationFailed: problemResponse('The request is invalid (`validation_failed`); `errors` lists each field as `{path, message}`.', rateLimitHeaders),
    Unauthorized: problemResponse(
      'The bearer token is malformed, unknown, expired or revoked (`invalid_token`), or the Authorization header holds no bearer token (`unauthorized`, another scheme). Obtain a new one (see /auth.md) or send the request without Authorization.',
      { 'WWW-Authenticate': header('WWW-Authenticate'), ...rateLimitHeaders },
    ),
    Forbidden: problemResponse('The token lacks the scope this operation needs (`insufficient_scope`).', { 'WWW-Authenticate': header('WWW-Authenticate'), ...rateLimitHeaders }),
    IdempotencyInFlight: problemResponse('A request with this Idempotency-Key is still being processed; retry after it completes.', rateLimitHeaders),
    Unprocessable: problemResponse(
      'The Idempotency-Key was already used with a different body (`idempotency_key_reused`), or the body refers to something that does not exist.',
      rateLimitHeaders,
    ),
    PayloadTooLarge: problemResponse('The request body exceeds the configured limit (64 KiB by default).', rateLimitHeaders),
    RateLimited: problemResponse('Rate limit exceeded; the problem names the `violated-policies`.', requiredRateLimitHeaders),
    InternalError: problemResponse('Unexpected server error. The body names only the request id, never internal details.', rateLimitHeaders),
    CredentialsUnavailable: problemResponse('Issuing credentials is paused because the rate-limit counters or the database are unreachable (`temporarily_unavailable`).', {
      'Retry-After': header('Retry-After'),
    }),
    StoreUnavailable: problemResponse(
      'The database is unreachable for a moment (`temporarily_unavailable`); retry after `Retry-After`. Catalog reads already cached keep answering meanwhile.',
      { 'Retry-After': header('Retry-After') },
    ),
    OAuthContentTooLarge: oauthErrorResponse('RFC 6749 `invalid_request` with RFC 9110\'s 413: the request body exceeds the configured limit (64 KiB by default).', rateLimitHeaders),
    OAuthServerError: oauthErrorResponse('RFC 6749 `server_error`: an unexpected failure; the description names only the request id.', rateLimitHeaders),
    OAuthTemporarilyUnavailable: oauthErrorResponse(
      'RFC 6749 `temporarily_unavailable`: issuing credentials is paused (the rate-limit counters, the database, or a trusted issuer\'s keys are unreachable); retry after `Retry-After`.',
      { 'Retry-After': header('Retry-After') },
    ),
  };
}

/**
 * Operations that never wait on the database: probes, documents built from configuration, and
 * the sandbox catalog (its own in-memory fixture). Every other one may answer the database's 503.
 */
const STORE_FREE_PATHS: ReadonlySet<string> = new Set([
  '/healthz',
  '/metrics',
  '/openapi.json',
  '/auth.md',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/api-catalog',
  '/api/v1/sandbox/projects',
  '/api/v1/sandbox/projects/{slug}',
]);

function idempotencyParameter(ttlSeconds: number): ParameterObject {
  return {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      `draft-ietf-httpapi-idempotency-key-header: a unique key per logical write (an sf-string, quoted or bare, 1–255 characters). ` +
      `Retrying with the same key and body replays the stored response with \`Idempotent-Replayed: true\`; the same key with a different body is a 422; ` +
      `while the first request is in flight a retry is a 409 (a retry of an inquiry waits the moment its first request takes to commit, and replays it). Records are kept ${ttlSeconds} seconds. Without the header the write is accepted but not deduplicated.`,
    schema: { type: 'string', minLength: 1, maxLength: 257, example: '"5f2b6d0e-8c1a-4b7e-9d3f-2a6c1e0b9f47"' },
  };
}

function addResponse(operation: OperationObject, status: string, value: ResponseObject | Reference): void {
  if (!(status in operation.responses)) operation.responses[status] = value;
}

function addHeaders(operation: OperationObject, headers: Record<string, Reference>): void {
  for (const value of Object.values(operation.responses)) {
    if (isReference(value)) continue; // shared components carry their own headers
    value.headers ??= {};
    for (const [name, ref] of Object.entries(headers)) if (!(name in value.headers)) value.headers[name] = ref;
  }
}

function hasInputs(operation: OperationObject): boolean {
  return (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
}

function decorateOperation(operation: OperationObject, method: string, path: string, options: DecorateOptions): void {
  const metering = options.meteredBy(method.toUpperCase(), path);
  const oauth = operation[OAUTH_ENDPOINT_MARK] === true;
  delete operation[OAUTH_ENDPOINT_MARK];
  // OAuth endpoints answer their own 400s in RFC 6749 §5.2 JSON, declared by their routes.
  if (hasInputs(operation) && !oauth) addResponse(operation, '400', response('ValidationFailed'));
  if (operation.requestBody !== undefined) addResponse(operation, '413', response(oauth ? 'OAuthContentTooLarge' : 'PayloadTooLarge'));
  addResponse(operation, '500', response(oauth ? 'OAuthServerError' : 'InternalError'));

  if (takesBearer(operation)) {
    addResponse(operation, '401', response('Unauthorized'));
    if (checksScope(operation)) addResponse(operation, '403', response('Forbidden'));
  }
  if (operation[IDEMPOTENT_MARK] === true) {
    delete operation[IDEMPOTENT_MARK];
    operation.parameters ??= [];
    const declared = operation.parameters.some((p) => !isReference(p) && p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    if (!declared) operation.parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
    addResponse(operation, '409', response('IdempotencyInFlight'));
    addResponse(operation, '422', response('Unprocessable'));
    addHeaders(operation, { 'Idempotent-Replayed': header('Idempotent-Replayed') });
  }
  // A sandbox rehearses `rate_limited` whether or not its policy meters here (RATE_LIMITS_ENABLED=false).
  if (metering || operation[SANDBOX_REHEARSALS_MARK] === true) addResponse(operation, '429', response('RateLimited'));
  if (metering) {
    if (metering.failClosed) addResponse(operation, '503', response(oauth ? 'OAuthTemporarilyUnavailable' : 'CredentialsUnavailable'));
    addHeaders(operation, { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') });
    const note = `Rate limit: the \`${metering.name}\` policy (${metering.q} requests per ${metering.w} seconds on this server).`;
    operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
  }
  if (!STORE_FREE_PATHS.has(path)) addResponse(operation, '503', response(oauth ? 'OAuthTemporarilyUnavailable' : 'StoreUnavailable'));
  // RFC 9110 §15.4.5: a 304 carries the ETag the 200 would have.
  const notModified = operation.responses?.['304'];
  if (notModified && !isReference(notModified) && !notModified.headers?.ETag) notModified.headers = { ETag: header('ETag'), ...notModified.headers };
  // An operation that declares nothing needs no credential; say so explicitly (an empty list).
  operation.security ??= [];
}

/** Every error answer of a rehearsing operation may be simulated: inline shared answers to say so. */
function markRehearsals(operation: OperationObject, responses: Record<string, ResponseObject>): void {
  if (operation[SANDBOX_REHEARSALS_MARK] !== true) return;
  delete operation[SANDBOX_REHEARSALS_MARK];
  for (const [status, value] of Object.entries(operation.responses)) {
    if (!/^[45]/.test(status)) continue;
    const shared = isReference(value) ? responses[value.$ref.split('/').pop()!] : undefined;
    const own: ResponseObject = shared ? structuredClone(shared) : (value as ResponseObject);
    own.headers = { ...own.headers, 'Sandbox-Scenario': header('Sandbox-Scenario') };
    operation.responses[status] = own;
  }
}

/** Adds the shared components and per-operation responses, headers and security; mutates and returns `doc`. */
export function decorateDocument(doc: OpenApiDocument, options: DecorateOptions): OpenApiDocument {
  doc.components ??= {};
  doc.components.headers = { ...componentHeaders(options.idempotencyTtlSeconds), ...doc.components.headers };
  doc.components.responses = { ...componentResponses(), ...doc.components.responses };
  doc.components.parameters = { IdempotencyKey: idempotencyParameter(options.idempotencyTtlSeconds), ...doc.components.parameters };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      decorateOperation(operation, method, path, options);
      markRehearsals(operation, doc.components.responses);
    }
  }
  pruneUnused(doc);
  return doc;
}

/** Drops the shared responses, headers and parameters that no operation ended up using. */
function pruneUnused(doc: OpenApiDocument): void {
  const components = doc.components!;
  const kinds = ['responses', 'headers', 'parameters'] as const;
  const used = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !used.has(value)) {
        used.add(value);
        // a used component's own references (a response's headers) are used too
        const match = /^#\/components\/(responses|headers|parameters)\/(.+)$/.exec(value);
        if (match) collect(components[match[1] as (typeof kinds)[number]]?.[match[2]!]);
      } else collect(value);
    }
  };
  collect({ ...doc, components: { ...components, responses: undefined, headers: undefined, parameters: undefined } });
  for (const kind of kinds) {
    const entries = components[kind] ?? {};
    for (const name of Object.keys(entries)) if (!used.has(`#/components/${kind}/${name}`)) delete entries[name];
  }
}
