import { DEFAULT_MAX_REQUEST_BODY_SIZE } from '@modelcontextprotocol/server';
import { ANSWER_CACHE_LIMITS, type Cached } from '../catalog/service.js';
import { BoundedMap } from '../lib/bounded-map.js';
import type { Principal } from '../model/principal.js';

/**
 * Repeated `tools/call`s of the read-only catalog tools, answered with the SDK's own bytes.
 *
 * The SDK costs a server, a transport and several schema passes per POST (issue 17: ~500 µs
 * against ~20 µs for the REST read of the same page). This cache never builds an answer of its
 * own: it keeps the answer the SDK gave to an identical request — the same JSON-RPC message
 * except its `id`, the same request headers the SDK reads, the same principal — and splices
 * the new `id` in (JSON-RPC 2.0 §5: the response's id is the request's). An entry is served only
 * while the catalog entries the tool answered from are current (CatalogService.isCurrent), exactly
 * as the REST response cache does; past that, the tool's reads are repeated and the entry kept
 * only if they return the very same catalog entries (an empty search also reads the facets and
 * its suggestion's count). The handshake and the tool and prompt lists
 * (FIXED_METHODS) are kept the same way, with no catalog entry: their answers are fixed for the
 * life of the process. Anything else — other methods, notifications, batches, errors, `isError`
 * results, a tool that read no catalog entry — is the SDK's alone.
 */

/** What a read tool reports about each catalog entry its answer is built from, and how to read it again. */
export type ServedFrom = (source: Cached<unknown>, reread: () => Promise<Cached<unknown>>) => void;

/** The tools whose answer is a pure function of their arguments and the catalog entries they read (the studio's view is one too). */
const CATALOG_TOOLS: ReadonlySet<string> = new Set(['search_projects', 'get_project', 'list_facets', 'get_studio']);

/**
 * Methods whose answer is a pure function of the request for the life of the process: the
 * handshake of either era and the tool and prompt lists (fixed, server.ts: listChanged false).
 * Every agent session starts with them, and the SDK took 0.9 ms (initialize) and 1.9 ms
 * (tools/list) of CPU for each. resources/list follows the catalog and is not among them.
 */
const FIXED_METHODS: ReadonlySet<string> = new Set(['initialize', 'server/discover', 'tools/list', 'prompts/list']);
const FIXED = 'fixed\n';

/**
 * Every request header the SDK's HTTP handling reads for a POST (createMcpHandler,
 * isLegacyRequest and WebStandardStreamableHTTPServerTransport in @modelcontextprotocol/server
 * 2.x), except Content-Length, which only decides its 413 and is checked below. Host and Origin
 * are read only with DNS-rebinding options this endpoint does not set (the route checks Origin).
 */
const KEY_HEADERS = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'last-event-id'] as const;

export type HeaderOf = (name: string) => string | undefined;

export interface CachedAnswer {
  status: number;
  /** the SDK's own response headers (lower-case names) */
  headers: Readonly<Record<string, string>>;
  body: string;
}

interface Entry {
  /** the catalog entries the answer was built from (and how to read each again); none for a FIXED_METHODS answer */
  sources: readonly Cached<unknown>[];
  rereads: readonly (() => Promise<Cached<unknown>>)[];
  status: number;
  headers: Readonly<Record<string, string>>;
  /** the answer's JSON text before and after its `id` */
  before: string;
  after: string;
}

/** One SDK exchange being watched: what the tool reported while it ran (see `record`). */
export interface Recording {
  readonly key: string;
  readonly id: string | number;
  /** hand to the tools (McpCall.served) */
  readonly served: ServedFrom;
  readonly sources: Cached<unknown>[];
  readonly rereads: (() => Promise<Cached<unknown>>)[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface McpAnswerCacheOptions {
  enabled: boolean;
  /** whether `source` is still what the catalog would answer with (CatalogService.isCurrent) */
  isCurrent: (source: Cached<unknown>) => boolean;
  maxEntries?: number;
  /** the most answer text (UTF-16 code units) kept in all */
  maxChars?: number;
}

export class McpAnswerCache {
  private readonly entries: BoundedMap<string, Entry>;
  private hitCount = 0;

  constructor(private readonly options: McpAnswerCacheOptions) {
    this.entries = new BoundedMap(options.maxEntries ?? ANSWER_CACHE_LIMITS.entries, { maxWeight: options.maxChars ?? ANSWER_CACHE_LIMITS.chars, weigh: (entry) => entry.before.length + entry.after.length });
  }

  /** How many calls were answered from the cache (tests assert which path served a call). */
  get hits(): number {
    return this.hitCount;
  }

  /**
   * The cache key of a message this cache may answer, or undefined: a single JSON-RPC request
   * (string or integer id) calling a catalog tool or one of FIXED_METHODS, with a body the SDK
   * would not refuse as too large. Keys of fixed methods start with FIXED (keep expects no
   * catalog entry for them).
   */
  keyOf(message: unknown, header: HeaderOf, principal: Principal | null): string | undefined {
    if (!this.options.enabled || !isPlainObject(message) || typeof message.method !== 'string') return undefined;
    const fixed = FIXED_METHODS.has(message.method);
    if (!fixed && message.method !== 'tools/call') return undefined;
    const id = message.id;
    if (typeof id !== 'string' && !(typeof id === 'number' && Number.isSafeInteger(id))) return undefined;
    const params = message.params;
    if (!fixed && (!isPlainObject(params) || typeof params.name !== 'string' || !CATALOG_TOOLS.has(params.name))) return undefined;
    if (Number(header('content-length')) > DEFAULT_MAX_REQUEST_BODY_SIZE) return undefined;
    let key = (fixed ? FIXED : '') + (principal === null ? 'anonymous' : `bearer ${[...principal.scopes].join(' ')}`);
    for (const name of KEY_HEADERS) key += `\n${header(name) ?? '\u0000'}`;
    // The message with its id blanked, in its own key order: the rest of the answer's input.
    return `${key}\n${JSON.stringify({ ...message, id: 0 })}`;
  }

  /** The answer for `key` with `id` spliced in, when one is known and still current. */
  get(key: string, id: string | number): CachedAnswer | Promise<CachedAnswer | undefined> | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.sources.every((source) => this.options.isCurrent(source))) return this.answer(entry, id);
    return this.revalidate(key, entry, id);
  }

  /** Watch one SDK exchange for `key`; pass `served` to the tools, then `keep` the response. */
  record(key: string, id: string | number): Recording {
    const sources: Cached<unknown>[] = [];
    const rereads: (() => Promise<Cached<unknown>>)[] = [];
    return { key, id, sources, rereads, served: (source, reread) => void (sources.push(source), rereads.push(reread)) };
  }

  /**
   * Remembers the SDK's response to a recorded exchange when it is a plain successful result
   * built from catalog entries (a catalog tool) or from none (FIXED_METHODS); returns
   * a response with the same status, headers and body (the original's body has been read).
   */
  async keep(recording: Recording, response: Response): Promise<Response> {
    if (response.status !== 200 || (recording.sources.length === 0) !== recording.key.startsWith(FIXED)) return response;
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const entry = this.entryOf(recording, response.status, Object.freeze(headers), text);
    if (entry !== undefined) this.entries.set(recording.key, entry);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  private entryOf(recording: Recording, status: number, headers: Readonly<Record<string, string>>, text: string): Entry | undefined {
    // The SDK writes JSON.stringify({ result, jsonrpc, id }): the id is the last member, so the
    // answer for another id is this very text with that member's value replaced. (Serializing
    // the parsed answer twice to split it at the id cost 30 µs for a 5 KB answer; this, 7.)
    const last = `,"id":${JSON.stringify(recording.id)}}`;
    if (!text.endsWith(last)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    // Only a result (never an error, never isError) for this very id.
    if (!isPlainObject(parsed) || parsed.id !== recording.id || 'error' in parsed || !isPlainObject(parsed.result) || parsed.result.isError === true) return undefined;
    return { sources: [...recording.sources], rereads: [...recording.rereads], status, headers, before: `${text.slice(0, text.length - last.length)},"id":`, after: '}' };
  }

  private answer(entry: Entry, id: string | number): CachedAnswer {
    this.hitCount += 1;
    return { status: entry.status, headers: entry.headers, body: entry.before + JSON.stringify(id) + entry.after };
  }

  /** Past the catalog's version check: read again, and keep serving only the very same entries. */
  private async revalidate(key: string, entry: Entry, id: string | number): Promise<CachedAnswer | undefined> {
    let sources: Cached<unknown>[];
    try {
      sources = await Promise.all(entry.rereads.map((reread) => reread()));
    } catch {
      return undefined;
    }
    // The same objects: the catalog has just confirmed them under its current version.
    if (sources.every((source, i) => source === entry.sources[i])) return this.answer(entry, id);
    if (this.entries.get(key) === entry) this.entries.delete(key);
    return undefined;
  }
}
