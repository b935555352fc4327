import type { ImportedProject, ProjectFields, ProjectRecord } from '../../model/project.js';

/** The catalog: published projects for readers, every project for import/export. */

/** `featured`: the owner's order of the featured projects (the default with `featured: true`). */
export type ProjectSort = 'relevance' | '-published_at' | 'title' | '-year' | 'featured';

/** Where the previous page ended: keyset for ordered sorts, offset for relevance. */
export type PagePosition = { kind: 'keyset'; value: string | number; id: string } | { kind: 'offset'; offset: number };

export interface ProjectQuery {
  q?: string | undefined;
  tag?: string | undefined;
  industry?: string | undefined;
  service?: string | undefined;
  technology?: string | undefined;
  year?: number | undefined;
  featured?: boolean | undefined;
  sort: ProjectSort;
  limit: number;
  after?: PagePosition | undefined;
}

/** The kinds of term a project carries (project_terms.kind), each a filter of the list. */
export type TermKind = 'tag' | 'industry' | 'service' | 'technology';

/** What narrows the catalog: a query without its order and page. */
export type ProjectFilter = Omit<ProjectQuery, 'sort' | 'limit' | 'after'>;

export interface ProjectPage {
  items: ProjectRecord[];
  /** position after the last item, present when more items follow */
  next: PagePosition | null;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface Facets {
  tags: FacetCount[];
  industries: FacetCount[];
  services: FacetCount[];
  technologies: FacetCount[];
  years: FacetCount[];
}

/** Facets with how many published projects they count (every project has one year). */
export interface CountedFacets extends Facets {
  total: number;
}

export interface ProjectStore {
  /**
   * Builds what makes ranked lists fast (issue 17: the in-memory search index) and resolves when
   * it is ready; answers are the same before and after, only slower before. Optional to await.
   */
  warm?(): Promise<void>;
  /** Published projects only. */
  list(query: ProjectQuery): Promise<ProjectPage>;
  /** Published projects only. */
  getBySlug(slug: string): Promise<ProjectRecord | undefined>;
  /** Which of these slugs name published projects. */
  existingSlugs(slugs: readonly string[]): Promise<Set<string>>;
  /** Up to `limit` published projects' slugs and update times, by slug, after `afterSlug` (keyset): what a sitemap names. */
  pageRefs(afterSlug: string | undefined, limit: number): Promise<ProjectPageRef[]>;
  facets(): Promise<CountedFacets>;
  /**
   * The published projects `filter` lists: how many, and the facets of just them (values with
   * at least one project). What a narrowed view's filters offer without promising empty pages.
   */
  narrowed(filter: ProjectFilter): Promise<CountedFacets>;
  /**
   * Inserts or updates by slug, in one transaction; bumps the catalog version. A record's
   * `featured_rank` is written when given; otherwise a new project gets 0 and a stored one keeps its own.
   */
  upsert(projects: readonly ImportedProject[], nowMs: number, newId: () => string): Promise<{ inserted: number; updated: number }>;
  /** One project, published or not, with its revision (the owner's view). */
  getAny(slug: string): Promise<RevisedProject | undefined>;
  /**
   * Writes one project, published or not, if the stored one is still `expected`: a `{id,
   * revision}` it must match, `null` when it must not exist yet. Bumps the catalog version.
   */
  save(project: ProjectFields, expected: ProjectRevision | null, nowMs: number, newId: () => string): Promise<RevisedProject | 'conflict'>;
  /** Deletes a project if it is still `expected`; bumps the catalog version. */
  remove(slug: string, expected: ProjectRevision): Promise<'deleted' | 'conflict'>;
  /** The slugs of the featured projects (published or not) in the owner's order. */
  featuredOrder(): Promise<string[]>;
  /** Moves a featured project one place up or down; bumps the catalog version. False when it is not featured. */
  moveFeatured(slug: string, direction: 'up' | 'down'): Promise<boolean>;
  /** Every project, published or not, ordered by slug. */
  exportAll(): Promise<ProjectRecord[]>;
  /** The same with each one's revision (the owner's list), in one query. */
  listAny(): Promise<RevisedProject[]>;
  /** Every project's `featured_rank` by slug (featured or not): what an export writes and an import compares. */
  featuredRanks(): Promise<Map<string, number>>;
  count(): Promise<number>;
  /** Monotonic counter bumped by every catalog write; shared by all instances. */
  version(): Promise<number>;
}

/** A published project's page as a sitemap names it. */
export interface ProjectPageRef {
  slug: string;
  /** RFC 3339 */
  updated_at: string;
}

/** Which stored version of a project a write was based on (optimistic concurrency, RFC 9110 §13.1.1). */
export interface ProjectRevision {
  id: string;
  revision: number;
}

export type RevisedProject = ProjectRecord & { revision: number };
