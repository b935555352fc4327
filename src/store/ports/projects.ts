import type { ProjectFields, ProjectRecord } from '../../model/project.js';

/** The catalog: published projects for readers, every project for import/export. */

export type ProjectSort = 'relevance' | '-published_at' | 'title' | '-year';

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

export interface ProjectStore {
  /** Published projects only. */
  list(query: ProjectQuery): Promise<ProjectPage>;
  /** Published projects only. */
  getBySlug(slug: string): Promise<ProjectRecord | undefined>;
  /** Which of these slugs name published projects. */
  existingSlugs(slugs: readonly string[]): Promise<Set<string>>;
  facets(): Promise<Facets>;
  /** Inserts or updates by slug, in one transaction; bumps the catalog version. */
  upsert(projects: readonly ProjectFields[], nowMs: number, newId: () => string): Promise<{ inserted: number; updated: number }>;
  /** Every project, published or not, ordered by slug. */
  exportAll(): Promise<ProjectRecord[]>;
  count(): Promise<number>;
  /** Monotonic counter bumped by every catalog write; shared by all instances. */
  version(): Promise<number>;
}
