import { BoundedCheck, type StartTimer } from '../lib/bounded-check.js';
import type { Clock } from '../lib/clock.js';
import { NotFoundError, ServiceUnavailableError } from '../lib/errors.js';
import { BoundedMap } from '../lib/bounded-map.js';
import { representationOf, utf8Bytes, type Representation } from '../lib/representation.js';
import type { CountedFacets, ProjectFilter, ProjectQuery, ProjectSort, ProjectStore } from '../store/ports/index.js';
import { toApiProject, type ApiProject } from './api-project.js';
import { decodeCursor, encodeCursor, queryDigest } from './cursor.js';
import { pageBytes, PresentedProjects } from './presented-projects.js';

/** The store's query as a caller gives it: the sort may be left to the default, the page is an opaque cursor. */
export interface ListInput extends Omit<ProjectQuery, 'sort' | 'after'> {
  sort?: ProjectSort | undefined;
  cursor?: string | undefined;
}

export interface ProjectList {
  data: ApiProject[];
  next_cursor: string | null;
}

/** A response computed once per catalog version: the value, its JSON's bytes and their strong ETag. */
export interface Cached<T> extends Representation {
  readonly value: T;
}

export interface CatalogServiceOptions {
  store: ProjectStore;
  clock: Clock;
  baseUrl: string;
  /** where project resources live in the API, e.g. /api/v1/projects */
  apiPrefix: string;
  /** where their HTML pages live, e.g. /projects */
  htmlPrefix: string;
  /** how long a read version is trusted before asking the store again */
  versionCheckMs: number;
  /** how long a read waits for the store's version before answering from the cache (VERSION_WAIT_MS) */
  versionWaitMs?: number;
  /** starts the timer of that wait (tests fire it by hand) */
  timer?: StartTimer;
  cacheEntries?: number;
  /** the most JSON (in bytes) the cache keeps in all */
  cacheBytes?: number;
  /**
   * Salts this catalog's page cursors when it is served beside another (the sandbox's fixture
   * catalog beside the real one), so neither accepts the other's cursor.
   */
  cursorScope?: string;
}

/**
 * What each cache of catalog answers keeps at most (this service's, the HTTP response cache, the
 * MCP answer cache): a count, and a budget of size (bytes; characters of the MCP cache's texts),
 * since pages of 50 KB and projects of 2 KB are kept alike.
 */
export const ANSWER_CACHE_LIMITS = { entries: 1000, chars: 8 * 2 ** 20 } as const;

/**
 * How long a read waits for the catalog version before it answers from the cache as it would
 * for a database that refused the connection (stale-if-error). The version is one row read by
 * its key, a round trip; a database that takes a second for it is not answering, and one that is
 * merely slow costs at worst a cached answer one CATALOG_VERSION_CHECK_MS older than it could be.
 * A fixed bound, not a share of CATALOG_VERSION_CHECK_MS, which may be 0 (check on every read) or
 * a minute. Waiting for the driver's DATABASE_QUERY_TIMEOUT_MS instead made every cached read
 * wait 16 s while PostgreSQL hung.
 */
export const VERSION_WAIT_MS = 1000;

/** How many other projects of its industry a project page shows. */
const RELATED_WORK = 3;

/**
 * A value with its JSON's bytes and the strong validator of those bytes; `bytes`, when the caller
 * already has them (a page joined from its projects' JSON, catalog/presented-projects.ts).
 */
export function cachedJson<T>(value: T, bytes: Uint8Array<ArrayBuffer> = utf8Bytes(JSON.stringify(value))): Cached<T> {
  return { value, ...representationOf(bytes) };
}

/** The search and filters of a read, with a blank search as none: what its answers are keyed by. */
function filterOf(input: ProjectFilter): ProjectFilter {
  return { q: input.q?.trim() || undefined, tag: input.tag, industry: input.industry, service: input.service, technology: input.technology, year: input.year, featured: input.featured };
}

/**
 * Catalog reads with a response cache keyed by the normalized query and the catalog version.
 * Any catalog write bumps the version in the store, so every instance drops stale entries
 * within `versionCheckMs`; a write in this process is seen at once.
 */
export class CatalogService {
  private readonly cache: BoundedMap<string, Cached<unknown>>;
  private cachedVersion = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** the version read: one at a time, waited for at most versionWaitMs */
  private readonly versionCheck: BoundedCheck<number>;
  /** the catalog version each cached entry was computed under (for isCurrent) */
  private readonly versions = new WeakMap<Cached<unknown>, number>();
  /** document() by key, for the catalog version in documentsVersion */
  private readonly documents = new Map<string, Promise<Cached<string>>>();
  private documentsVersion = -1;
  private documentBuilds = 0;
  /** projects as answers show them, with their JSON, per record object */
  private readonly presented = new PresentedProjects((record) => toApiProject(record, this.options.baseUrl, this.options.apiPrefix, this.options.htmlPrefix));

  constructor(private readonly options: CatalogServiceOptions) {
    this.cache = new BoundedMap(options.cacheEntries ?? ANSWER_CACHE_LIMITS.entries, { maxWeight: options.cacheBytes ?? ANSWER_CACHE_LIMITS.chars, weigh: (entry) => entry.bytes.byteLength });
    this.versionCheck = new BoundedCheck(() => options.store.version(), options.versionWaitMs ?? VERSION_WAIT_MS, options.timer);
  }

  /** Forget the known version so the next read asks the store (call after a local write). */
  invalidate(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
    // A read of the version still outstanding may have been answered before the write.
    this.versionCheck.forget();
  }

  /**
   * Whether `entry` is what a read would return right now without asking the store: the known
   * version is within `versionCheckMs` and the entry was computed under it. Synchronous, for
   * the HTTP fast lane (src/http/fast-lane.ts), which must never serve what this service would not.
   */
  isCurrent(entry: Cached<unknown>): boolean {
    return this.options.clock.now() - this.checkedAt < this.options.versionCheckMs && this.versions.get(entry) === this.cachedVersion;
  }

  private async version(): Promise<number> {
    const now = this.options.clock.now();
    if (now - this.checkedAt < this.options.versionCheckMs) return this.cachedVersion;
    let version: number;
    try {
      version = await this.versionCheck.run();
    } catch (error) {
      // RFC 5861 §4 (stale-if-error): while the database cannot say whether the catalog changed
      // (it refused, failed, or gave no answer within versionWaitMs), what was read under the
      // last known version is still served; a read of anything not cached still needs the
      // database (and answers 503 until it is back).
      if (!(error instanceof ServiceUnavailableError) || this.cachedVersion < 0) throw error;
      // Trusted for another interval from now, not from when this read began: a read that
      // waited out the bound would otherwise leave its next step (a page's studio view) to ask,
      // and wait, again.
      this.checkedAt = this.options.clock.now();
      return this.cachedVersion;
    }
    this.checkedAt = now;
    if (version !== this.cachedVersion) {
      this.cache.clear();
      this.cachedVersion = version;
    }
    return version;
  }

  private memo<T>(key: string, compute: () => Promise<T>): Promise<Cached<T>> {
    return this.memoEntry(key, async () => cachedJson(await compute()));
  }

  private async memoEntry<T>(key: string, compute: () => Promise<Cached<T>>): Promise<Cached<T>> {
    const version = await this.version();
    const hit = this.cache.get(key) as Cached<T> | undefined;
    if (hit) return hit;
    const entry = await compute();
    this.versions.set(entry, version);
    // Another request may have seen a newer version (and cleared the cache) while this one was
    // reading: its answer is still right for this request, but must not outlive that version.
    if (version !== this.cachedVersion) return entry;
    this.cache.set(key, entry);
    return entry;
  }

  async list(input: ListInput): Promise<Cached<ProjectList>> {
    const filter = filterOf(input);
    const q = filter.q;
    // Featured projects come in the owner's order unless a sort is asked for.
    const sort: ProjectSort = input.sort === undefined || (input.sort === 'relevance' && !q) ? (q ? 'relevance' : input.featured === true ? 'featured' : '-published_at') : input.sort;
    const base = { ...filter, sort };
    const digest = queryDigest(base, this.options.cursorScope);
    const after = input.cursor ? decodeCursor(input.cursor, digest) : undefined;
    const key = `list:${digest}:${input.limit}:${input.cursor ?? ''}`;
    return this.memoEntry(key, async () => {
      const page = await this.options.store.list({ ...base, limit: input.limit, after });
      const projects = page.items.map((record) => this.presented.of(record));
      const next_cursor = page.next ? encodeCursor(page.next, digest) : null;
      return cachedJson({ data: projects.map((p) => p.api), next_cursor }, pageBytes(projects, next_cursor));
    });
  }

  /**
   * The newest other work of a project's industry (what its page and Markdown end with), from
   * the industry's list: one cached answer shared by every project of it. `list` is that answer,
   * for the caller's freshness checks.
   */
  async relatedTo(project: ApiProject): Promise<{ list: Cached<ProjectList>; projects: ApiProject[] }> {
    const list = await this.list({ industry: project.industry, limit: RELATED_WORK + 1 });
    return { list, projects: list.value.data.filter((p) => p.slug !== project.slug).slice(0, RELATED_WORK) };
  }

  async get(slug: string): Promise<Cached<ApiProject>> {
    const hit = await this.memoEntry(`get:${slug}`, async (): Promise<Cached<ApiProject | null>> => {
      const record = await this.options.store.getBySlug(slug);
      if (!record) return cachedJson(null);
      const { api, bytes } = this.presented.of(record);
      return cachedJson(api, bytes);
    });
    if (hit.value === null) throw new NotFoundError(`no published project has the slug "${slug}"`);
    return hit as Cached<ApiProject>;
  }

  /**
   * A value derived from catalog data (e.g. the studio's view), computed once per catalog
   * version and kept with the other cached reads (so within their budget).
   */
  async derived<T>(key: string, compute: () => Promise<T>): Promise<Cached<T>> {
    return this.memo(`derived:${key}`, compute);
  }

  /**
   * A text document built from the whole catalog (/llms.txt, /llms-full.txt, the sitemaps): its
   * value is the text, its bytes the text's UTF-8, and it is built once per catalog version, by
   * one caller however many ask at once. Each is a walk over every project, 26–500 ms at 10,000
   * projects, which a public URL must not repeat per request; /llms-full.txt alone outweighs the
   * answer cache's whole budget, so documents are kept beside it, one per key (a set the routes
   * bound: three, and a sitemap per 50,000 projects), and dropped when the version changes.
   */
  async document(key: string, build: () => Promise<string>): Promise<Cached<string>> {
    const version = await this.version();
    if (version !== this.documentsVersion) {
      this.documents.clear();
      this.documentsVersion = version;
    }
    let kept = this.documents.get(key);
    if (kept === undefined) {
      this.documentBuilds += 1;
      const building = build().then((text) => cachedJson(text, utf8Bytes(text)));
      kept = building;
      this.documents.set(key, building);
      // A failed build is not kept: the next request tries again.
      building.catch(() => this.documents.get(key) === building && this.documents.delete(key));
    }
    return kept;
  }

  /** How many documents were built (tests assert they are built once per version). */
  get documentsBuilt(): number {
    return this.documentBuilds;
  }

  /**
   * A step of a walk over every published project's page, by slug after `afterSlug` (a
   * sitemap's): its URL and update time, read from the store as asked (not cached).
   */
  async pageRefs(afterSlug: string | undefined, limit: number): Promise<{ slug: string; url: string; updated_at: string }[]> {
    const { baseUrl, htmlPrefix } = this.options;
    return (await this.options.store.pageRefs(afterSlug, limit)).map((ref) => ({ ...ref, url: `${baseUrl}${htmlPrefix}/${ref.slug}` }));
  }

  async facets(): Promise<Cached<CountedFacets>> {
    return this.memo('facets', () => this.options.store.facets());
  }

  /**
   * The facets of the projects a search and filters list, and how many (ProjectStore.narrowed),
   * once per catalog version; a filter that narrows nothing gets the whole catalog's, facets().
   */
  async narrowed(input: ProjectFilter): Promise<Cached<CountedFacets>> {
    const filter = filterOf(input);
    if (Object.values(filter).every((value) => value === undefined)) return this.facets();
    return this.memo(`narrowed:${queryDigest({ ...filter, sort: 'relevance' })}`, () => this.options.store.narrowed(filter));
  }

  /** Which of these slugs name published projects (inquiries reference them). */
  async existingSlugs(slugs: readonly string[]): Promise<Set<string>> {
    return this.options.store.existingSlugs(slugs);
  }

  /** The published projects among `slugs`, with their titles and pages (from the cache where it has them). */
  async named(slugs: readonly string[]): Promise<{ slug: string; title: string; url: string }[]> {
    const found = await Promise.all(
      slugs.map((slug) =>
        this.get(slug).then(
          (entry) => ({ slug, title: entry.value.title, url: entry.value.links.html }),
          (error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          },
        ),
      ),
    );
    return found.filter((p) => p !== null);
  }
}
