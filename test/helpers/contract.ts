import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { OpenApiDocument, OperationObject, Reference, ResponseObject, HeaderObject, MediaTypeObject } from '../../src/http/openapi/types.js';
import { isReference } from '../../src/http/openapi/types.js';
import { CLIENT_CLOSED_REQUEST } from '../../src/http/responses/errors.js';

/**
 * The contract check: every response a test server gives is compared with /openapi.json — the
 * status must be documented for the path and method, the body must match the schema of its
 * content type, and every header the document marks required must be present. Objects are
 * closed (`unevaluatedProperties: false`) unless their schema says otherwise, so an undocumented
 * field is drift too; RFC 9457 problems stay open because their schema allows extensions.
 */

/**
 * Paths that are not API and so are neither in the document nor checked: the HTML catalog and
 * its form, the agents' introduction, the owners' admin pages, static files, the reference page,
 * the problem types' pages, the pages' Markdown twins and crawler files. A prefix matches itself and anything below it;
 * everything else that is not documented must be a 404/405 problem.
 */
export const NON_API_PATHS = ['/', '/agents', '/agents.md', '/index.md', '/inquire.md', '/docs.md', '/problems.md', '/robots.txt', '/sitemap.xml', '/favicon.ico'] as const;
export const NON_API_PREFIXES = ['/docs', '/sitemaps', '/assets', '/images', '/media', '/projects', '/inquire', '/admin', '/problems'] as const;

export function isNonApiPath(path: string): boolean {
  return (NON_API_PATHS as readonly string[]).includes(path) || NON_API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Responses the fallback handlers give on any path: 404 for nothing there, 405 with Allow for a wrong method. */
const FALLBACK_STATUSES = new Set([404, 405]);

export interface Exchange {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  /** null when the body was not read (HEAD, event streams) */
  body: string | null;
}

const DOC_ID = 'https://contract.vitrine.invalid/openapi.json';

function pointer(...segments: string[]): string {
  return '#/' + segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

function mediaType(headers: Headers): string | null {
  const raw = headers.get('content-type');
  return raw ? raw.split(';')[0]!.trim().toLowerCase() : null;
}

function isJsonMedia(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

type Json = Record<string, unknown>;

/**
 * Closes every object schema that does not declare what to do with extra members. allOf branches
 * stay open (the parent closes them all at once: `unevaluatedProperties` sees the branches'
 * annotations), and so do components that are used as allOf branches.
 */
function closeSchemas(doc: Json): void {
  const allOfRefs = new Set<string>();
  const findAllOfRefs = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(findAllOfRefs);
    if (node === null || typeof node !== 'object') return;
    const obj = node as Json;
    if (Array.isArray(obj.allOf)) for (const branch of obj.allOf) if (isReference(branch)) allOfRefs.add(branch.$ref);
    Object.values(obj).forEach(findAllOfRefs);
  };
  findAllOfRefs(doc);

  const close = (node: unknown, inAllOf: boolean): void => {
    if (Array.isArray(node)) return node.forEach((n) => close(n, false));
    if (node === null || typeof node !== 'object') return;
    const schema = node as Json;
    const isObject = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || schema.properties !== undefined || Array.isArray(schema.allOf);
    const open = 'additionalProperties' in schema || 'unevaluatedProperties' in schema || 'patternProperties' in schema || '$ref' in schema;
    if (isObject && !open && !inAllOf) schema.unevaluatedProperties = false;
    // A component left open for its allOf extensions is closed where it is used on its own.
    if (typeof schema.$ref === 'string' && allOfRefs.has(schema.$ref) && !inAllOf && !('unevaluatedProperties' in schema)) schema.unevaluatedProperties = false;
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'allOf' && Array.isArray(value)) value.forEach((branch) => close(branch, true));
      else if (key === 'properties' || key === '$defs' || key === 'patternProperties') Object.values(value as Json).forEach((v) => close(v, false));
      else if (key === 'example' || key === 'examples' || key === 'enum' || key === 'const' || key === 'default') continue;
      else close(value, false);
    }
  };

  const components = (doc.components as Json | undefined)?.schemas as Json | undefined;
  for (const [name, schema] of Object.entries(components ?? {})) close(schema, allOfRefs.has(`#/components/schemas/${name}`));
  const visitResponse = (response: unknown): void => {
    if (isReference(response) || !response || typeof response !== 'object') return;
    for (const media of Object.values((response as ResponseObject).content ?? {})) close(media.schema, false);
  };
  for (const response of Object.values(((doc.components as Json | undefined)?.responses as Json | undefined) ?? {})) visitResponse(response);
  for (const item of Object.values((doc.paths as Json | undefined) ?? {})) {
    for (const operation of Object.values(item as Json)) {
      if (operation && typeof operation === 'object' && 'responses' in operation) Object.values((operation as OperationObject).responses).forEach(visitResponse);
    }
  }
}

interface Route {
  template: string;
  regex: RegExp;
  params: number;
}

export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    const closed = structuredClone(doc) as unknown as Json;
    closeSchemas(closed);
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (formats as unknown as { default: (ajv: Ajv2020) => void }).default(this.ajv);
    this.ajv.addSchema({ ...closed, $id: DOC_ID });
    // Literal paths before templated ones, so /a/b wins over /a/{id}.
    this.routes = Object.keys(doc.paths ?? {})
      .map((template) => ({
        template,
        regex: new RegExp(`^${template.split('/').map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  private resolve<T>(value: T | Reference): T {
    let current: unknown = value;
    for (let hops = 0; isReference(current) && hops < 10; hops++) {
      const segments = current.$ref.replace(/^#\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      current = segments.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], this.doc);
    }
    return current as T;
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}${ref}` });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  private validateBody(ref: string, body: string, where: string): string[] {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [`${where}: body is not JSON`];
    }
    const validate = this.validator(ref);
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 6).map((e) => {
      const extra = e.keyword === 'unevaluatedProperties' ? ` (undocumented field "${(e.params as { unevaluatedProperty?: string }).unevaluatedProperty}")` : '';
      return `${where}: body${e.instancePath || ''} ${e.message ?? 'is invalid'}${extra}`;
    });
  }

  /**
   * A 404/405 from the fallback handlers: an RFC 9457 problem, wherever it is; or their 301 from
   * a path with a trailing slash to the same path without it (responses/not-found.ts).
   */
  private fallback(exchange: Exchange, where: string): string[] | null {
    if (exchange.status === 301 && exchange.path.endsWith('/')) {
      const location = exchange.headers.get('location') ?? '';
      return location.split('?')[0] === exchange.path.slice(0, -1) ? [] : [`${where}: a trailing-slash redirect to ${location || 'nowhere'}`];
    }
    if (!FALLBACK_STATUSES.has(exchange.status) || mediaType(exchange.headers) !== 'application/problem+json') return null;
    return exchange.body === null ? [] : this.validateBody('#/components/schemas/Problem', exchange.body, where);
  }

  /** The violations in one exchange; empty when it matches the document. */
  check(exchange: Exchange): string[] {
    const method = exchange.method.toLowerCase();
    // CORS preflights are answered by middleware for every path and are not operations.
    if (method === 'options') return [];
    const where = `${exchange.method} ${exchange.path} → ${exchange.status}`;
    const route = this.routes.find((r) => r.regex.test(exchange.path));
    if (!route) {
      if (isNonApiPath(exchange.path)) return [];
      return this.fallback(exchange, where) ?? [`${where}: path is not in the OpenAPI document`];
    }
    const item = this.doc.paths![route.template]!;
    const operationMethod = method === 'head' ? 'get' : method;
    const operation = item[operationMethod as 'get'];
    if (!operation) return this.fallback(exchange, where) ?? [`${where}: ${exchange.method} is not documented for ${route.template}`];

    const status = String(exchange.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => k in operation.responses);
    if (!key) return [`${where}: status ${status} is not documented for ${exchange.method} ${route.template} (documented: ${Object.keys(operation.responses).join(', ')})`];
    const declared = operation.responses[key]!;
    const response = this.resolve<ResponseObject>(declared);
    const violations: string[] = [];

    for (const [name, value] of Object.entries(response.headers ?? {})) {
      const headerObject = this.resolve<HeaderObject>(value);
      if (headerObject.required && !exchange.headers.has(name)) violations.push(`${where}: required header ${name} is missing`);
    }

    const contentTypes = Object.keys(response.content ?? {});
    const type = mediaType(exchange.headers);
    const hasBody = exchange.body !== null && exchange.body.length > 0;
    if (contentTypes.length === 0) {
      if (hasBody) violations.push(`${where}: documented without a body but answered ${type ?? 'a body'}`);
      return violations;
    }
    if (exchange.body === null || exchange.status === 304) return violations;
    const match = contentTypes.find((ct) => ct.toLowerCase() === type) ?? contentTypes.find((ct) => ct.endsWith('/*') && type?.startsWith(ct.slice(0, -1)));
    if (!match || type === null) {
      violations.push(`${where}: content type ${type ?? '(none)'} is not documented (documented: ${contentTypes.join(', ')})`);
      return violations;
    }
    const media = response.content![match] as MediaTypeObject;
    if (media.schema && isJsonMedia(type)) {
      // Point into the document itself, so $refs resolve exactly as a client's tooling would.
      const base = isReference(declared) ? declared.$ref : pointer('paths', route.template, operationMethod, 'responses', key);
      violations.push(...this.validateBody(`${base}/${pointer('content', match, 'schema').slice(2)}`, exchange.body, where));
    }
    return violations;
  }
}

const checkers = new Map<string, ContractChecker>();

/** One checker per distinct document; documents of different test servers differ only in their base URL. */
export function checkerFor(doc: OpenApiDocument, baseUrl: string): ContractChecker {
  const key = createHash('sha256').update(JSON.stringify(doc).split(baseUrl).join('{base}')).digest('hex');
  let checker = checkers.get(key);
  if (!checker) {
    checker = new ContractChecker(doc);
    checkers.set(key, checker);
  }
  return checker;
}

export type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/** An answer's body as its text: the app's own answers arrive still encoded (RFC 9110 §8.4). */
function decoded(coding: string | null, bytes: Buffer): string {
  if (coding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (coding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

export interface ContractRecorder {
  /** wraps the app's fetch so every exchange is checked */
  wrap(handler: FetchHandler): FetchHandler;
  /** waits for pending checks; returns an Error listing every violation, or null */
  finish(): Promise<Error | null>;
}

/** Records and checks every exchange with the document that `loadDocument` returns (fetched once, lazily). */
export function contractRecorder(baseUrl: string, loadDocument: () => Promise<OpenApiDocument>): ContractRecorder {
  let checker: Promise<ContractChecker> | null = null;
  const pending: Promise<void>[] = [];
  const violations: string[] = [];
  const getChecker = () => (checker ??= loadDocument().then((doc) => checkerFor(doc, baseUrl)));

  const observe = async (method: string, path: string, response: Response): Promise<void> => {
    const streamed = mediaType(response.headers) === 'text/event-stream';
    const body = method === 'HEAD' || streamed ? null : decoded(response.headers.get('content-encoding'), Buffer.from(await response.arrayBuffer()));
    try {
      violations.push(...(await getChecker()).check({ method, path, status: response.status, headers: response.headers, body }));
    } catch (error) {
      violations.push(`${method} ${path}: the contract could not be checked: ${(error as Error).message}`);
    }
  };

  return {
    wrap: (handler) => async (request, env) => {
      const response = await handler(request, env);
      // A request whose client went away (499) is answered to no one: there is no exchange to check.
      if (response.status === CLIENT_CLOSED_REQUEST) return response;
      const streamed = mediaType(response.headers) === 'text/event-stream';
      pending.push(observe(request.method, new URL(request.url).pathname, streamed ? response : response.clone()));
      return response;
    },
    async finish() {
      await Promise.all(pending);
      if (violations.length === 0) return null;
      const unique = [...new Set(violations)];
      return new Error(`The responses drifted from /openapi.json (${unique.length}):\n  - ${unique.join('\n  - ')}`);
    },
  };
}
