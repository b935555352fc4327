import { sql, type Kysely } from 'kysely';
import { nextTurn } from '../../lib/next-turn.js';
import { CatalogIndex, type FacetCounts, type IndexedProject, type SearchPage } from '../../search/catalog-index.js';
import type { ProjectFilter, ProjectQuery } from '../ports/index.js';
import { catalogVersion } from './catalog-version.js';
import type { DirectReads } from './direct-reads.js';
import type { Database } from './schema.js';
import type { InMemoryText, SearchDialect } from './search-dialect.js';

/** Rows read per statement while (re)loading: each is one synchronous better-sqlite3 call. */
const CHUNK = 2000;

/**
 * Keeps a CatalogIndex (src/search/) in step with the database for ranked lists (issue 17). It
 * answers only at the catalog version it was built at (catalog_state.version, shared by every
 * instance and bumped by every catalog write: upsert, save, remove, moveFeatured); on any other
 * version list() answers with SQL while the index catches up in the background: every row's
 * columns are re-read in chunks, the text and terms only of rows whose (id, revision, updated_at)
 * moved, and rows that vanished are deleted. Answers are never stale, only sometimes from SQL.
 */
export class InMemorySearch {
  private readonly core: CatalogIndex<unknown>;
  private builtAt: number | undefined;
  private generation = 0;
  private refreshing: Promise<void> | undefined;
  private closed = false;
  /** ranked pages and facet counts answered from memory so far (tests check the index really answers) */
  answered = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: SearchDialect,
    private readonly text: InMemoryText,
    private readonly direct?: DirectReads,
  ) {
    this.core = new CatalogIndex(text.index);
  }

  /** Builds or brings the index up to date; resolves once it answers at the version it read last. */
  warm(): Promise<void> {
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  close(): void {
    this.closed = true;
    this.builtAt = undefined;
    this.text.index.close?.();
  }

  /** The page of ids for a ranked query and the catalog version it answers at, or undefined: answer it with SQL. */
  async page(query: ProjectQuery, words: readonly string[], symbols: readonly string[]): Promise<(SearchPage & { version: number }) | undefined> {
    const answer = await this.atBuiltVersion(words, (stillValid) => this.core.page(query, words, symbols, stillValid));
    return answer && { ...answer.value, version: answer.version };
  }

  /** What a narrowed view counts (CatalogIndex.counts), or undefined: count with SQL. */
  async counts(filter: ProjectFilter, words: readonly string[], symbols: readonly string[]): Promise<FacetCounts | undefined> {
    return (await this.atBuiltVersion(words, (stillValid) => this.core.counts(filter, words, symbols, stillValid)))?.value;
  }

  /**
   * `read` of the index, when the catalog is still at the version the index was built at;
   * undefined when it is not (or `read` gave up): the caller asks SQL.
   */
  private async atBuiltVersion<T>(words: readonly string[], read: (stillValid: () => boolean) => Promise<T | undefined>): Promise<{ value: T; version: number } | undefined> {
    const builtAt = this.builtAt;
    if (builtAt === undefined) return undefined;
    // The lexizing (PostgreSQL) goes to another connection beside the version read, not after it.
    const preparing = words.length > 0 ? this.text.index.prepare?.(words) : undefined;
    const version = preparing === undefined ? await this.version() : (await Promise.all([this.version(), preparing]))[0];
    if (version !== builtAt) {
      // Another write (here or on another instance): catch up in the background.
      void this.warm().catch(() => {});
      return undefined;
    }
    const generation = this.generation;
    const value = await read(() => this.generation === generation && this.builtAt === builtAt);
    if (value === undefined) return undefined;
    this.answered += 1;
    return { value, version };
  }

  private version(): Promise<number> {
    return catalogVersion(this.db, this.dialect.name, this.direct);
  }

  private async refresh(): Promise<void> {
    for (let attempt = 0; attempt < 20 && !this.closed; attempt++) {
      const version = await this.version();
      if (version === this.builtAt) return;
      // From here until the version is confirmed, queries go to SQL.
      this.builtAt = undefined;
      this.generation += 1;
      await this.load();
      if (this.closed) return;
      if ((await this.version()) === version) {
        this.builtAt = version;
        return;
      }
    }
  }

  /**
   * One pass: every row's columns, chunk by chunk, and the text and terms of the chunk's rows that
   * changed (so only a chunk's changed rows wait in memory, not the whole catalog's); then
   * deletions.
   */
  private async load(): Promise<void> {
    const seen = new Set<number>();
    const titleKey = this.dialect.titleKey();
    for (let last = -1; !this.closed; ) {
      const { rows } = await sql<{ doc: number; id: string; revision: number; updated_at: string; published_at: string | null; year: number; featured: number; featured_rank: number; title_key: string }>`
        SELECT ${this.text.docKey} AS doc, id, revision, updated_at, published_at, year, featured, featured_rank, ${titleKey} AS title_key
          FROM projects WHERE ${this.text.docKey} > ${last} ORDER BY ${this.text.docKey} LIMIT ${CHUNK}`.execute(this.db);
      if (rows.length === 0) break;
      // The store may have closed while the loop turned: nothing more to read or build.
      if (await this.yielded()) return;
      const changed: Changed[] = [];
      for (const r of rows) {
        const doc = Number(r.doc);
        seen.add(doc);
        const stamp = `${r.revision}\u0000${r.updated_at}`;
        const project: IndexedProject = { id: r.id, stamp, published_at: r.published_at, year: Number(r.year), featured: Number(r.featured) === 1, featured_rank: Number(r.featured_rank), title_key: r.title_key };
        if (this.core.stamp(doc) === `${r.id}\u0000${stamp}`) this.core.set(doc, project);
        else changed.push({ doc, project });
      }
      last = Number(rows[rows.length - 1]!.doc);
      for (let i = 0; i < changed.length; i += this.text.textBatch) {
        if (await this.yielded()) return;
        await this.loadText(changed.slice(i, i + this.text.textBatch));
      }
    }
    if (this.closed) return;
    for (const doc of [...this.core.docs()]) if (!seen.has(doc)) this.core.delete(doc);
    this.text.index.compact?.();
  }

  /**
   * Lets the event loop turn (the load's SQLite reads would otherwise hold it for the whole
   * build: seconds on 100,000 projects); true when the store closed meanwhile.
   */
  private async yielded(): Promise<boolean> {
    await nextTurn();
    return this.closed;
  }

  /** The text and terms of rows that changed, with their columns. */
  private async loadText(batch: readonly Changed[]): Promise<void> {
    const docs = batch.map((c) => c.doc);
    const { rows: terms } = await sql<{ doc: number; kind: string; value: string }>`
      SELECT ${this.text.docKey} AS doc, project_terms.kind, project_terms.value FROM project_terms
        INNER JOIN projects ON projects.id = project_terms.project_id WHERE ${this.text.docKey} IN (${sql.join(docs)})`.execute(this.db);
    const sources = await this.text.sources(this.db, docs);
    const byDoc = new Map<number, string[]>();
    for (const t of terms) {
      const list = byDoc.get(Number(t.doc)) ?? [];
      list.push(`${t.kind}\u0000${t.value}`);
      byDoc.set(Number(t.doc), list);
    }
    for (const { doc, project } of batch) {
      const source = sources.get(doc);
      // A row deleted since the scan: the next pass (the version moved) settles it.
      if (source === undefined) this.core.delete(doc);
      else this.core.set(doc, { ...project, terms: byDoc.get(doc) ?? [] }, source);
    }
  }
}

/** A row whose text or terms must be (re)read, with its columns. */
interface Changed {
  doc: number;
  project: IndexedProject;
}
