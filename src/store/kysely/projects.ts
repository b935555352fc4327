import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { ImportedProject, ProjectFields, ProjectRecord } from '../../model/project.js';
import { toRfc3339 } from '../../lib/clock.js';
import { bumpVersion, catalogVersion } from './catalog-version.js';
import { featuredOrder, featuredRanks, moveFeatured } from './featured-order.js';
import type { CountedFacets, ProjectFilter, ProjectPage, ProjectPageRef, ProjectQuery, ProjectRevision, ProjectStore, RevisedProject } from '../ports/index.js';
import { inTransaction } from './in-transaction.js';
import { nextPosition } from './next-position.js';
import { catalogFacets, facetsOf } from './project-facets.js';
import { countProjects, exportAll, pageRefs } from './whole-catalog.js';
import { RECORD_COLUMNS, RECORD_COLUMNS_OF_PROJECTS, recordOf, recordsById, toRecord, toRow, normalizeTime, isUniqueViolation, type KeyedRecord } from './project-rows.js';
import type { DirectReads } from './direct-reads.js';
import type { Database } from './schema.js';
import { searchTerms, type SearchDialect } from './search-dialect.js';
import { matchingProjects } from './project-matching.js';
import { symbolTerms } from '../../search/symbol-terms.js';
import { ProjectRowCache } from './project-row-cache.js';
import type { InMemorySearch } from './search-index.js';

export class KyselyProjectStore implements ProjectStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchDialect,
    /** the in-memory ranked search (issue 17); absent inside transactions */
    private readonly memory?: InMemorySearch,
    /** its pages' rows and the catalog version without Kysely (SQLite); absent inside transactions */
    private readonly direct?: DirectReads,
    /** the records its pages showed, per catalog version */
    private readonly rowCache = memory && new ProjectRowCache(),
  ) {}

  /** Builds the in-memory search index; until it is ready, ranked lists are answered with SQL. */
  async warm(): Promise<void> {
    await this.memory?.warm();
  }

  async list(query: ProjectQuery): Promise<ProjectPage> {
    const q = query.q?.trim();
    const words = q ? searchTerms(q) : [];
    const symbols = q ? symbolTerms(q) : [];
    const ranked = words.length > 0;
    // A ranked page the in-memory index answers needs no query built: only its rows are read.
    const fromMemory = ranked && this.memory ? await this.memory.page(query, words, symbols) : undefined;
    const rows = fromMemory ? await this.rowsById(fromMemory.ids, fromMemory.sortKeys, fromMemory.version) : await this.rowsByQuery(query, q, words, symbols);
    return { items: rows.slice(0, query.limit).map(({ record }) => record), next: nextPosition(query, rows) };
  }

  /** A page's rows (limit + 1) with SQL: the filters, the search, the order and the cursor of `query`. */
  private async rowsByQuery(query: ProjectQuery, q: string | undefined, words: readonly string[], symbols: readonly string[]): Promise<KeyedRecord[]> {
    const ranked = words.length > 0;
    let qb = matchingProjects(this.db, this.search, query, q, words, symbols);
    if (!ranked && q) qb = qb.select(sql<number>`0`.as('rank'));

    const after = query.after;
    switch (query.sort) {
      case 'relevance': {
        qb = qb.orderBy(sql`rank`, 'desc').orderBy('projects.published_at', 'desc').orderBy('projects.id', 'desc');
        if (after?.kind === 'offset') qb = qb.offset(after.offset);
        break;
      }
      case 'featured':
        // The owner's order (featured_rank), then newest first; pages by offset.
        qb = qb.orderBy('projects.featured_rank', 'asc').orderBy('projects.published_at', 'desc').orderBy('projects.id', 'desc');
        if (after?.kind === 'offset') qb = qb.offset(after.offset);
        break;
      case '-published_at':
        if (after?.kind === 'keyset') qb = qb.where(sql<boolean>`(projects.published_at, projects.id) < (${after.value}, ${after.id})`);
        qb = qb.orderBy('projects.published_at', 'desc').orderBy('projects.id', 'desc');
        break;
      case 'title': {
        const key = this.search.titleKey();
        if (after?.kind === 'keyset') qb = qb.where(sql<boolean>`(${key}, projects.id) > (${after.value}, ${after.id})`);
        // The cursor carries the database's own key: SQLite's lower() folds ASCII only, so a
        // key recomputed in JS would skip or repeat rows around non-ASCII titles.
        qb = qb.select(key.as('sort_key')).orderBy(key, 'asc').orderBy('projects.id', 'asc');
        break;
      }
      case '-year':
        if (after?.kind === 'keyset') qb = qb.where(sql<boolean>`(projects.year, projects.id) < (${after.value}, ${after.id})`);
        qb = qb.orderBy('projects.year', 'desc').orderBy('projects.id', 'desc');
        break;
    }

    if (ranked) return this.rowsOf(qb.select('projects.id').limit(query.limit + 1));
    return (await qb.select(RECORD_COLUMNS_OF_PROJECTS).limit(query.limit + 1).execute()).map((row) => ({ record: toRecord(row), sortKey: (row as { sort_key?: string }).sort_key }));
  }

  /**
   * A full-text page in two steps: the ordered page of ids (and sort keys) first, then those
   * rows. Sorting every match with its whole row (descriptions and all) made the sorter carry
   * ~3 KB per match: on 100,000 projects a word in every project took 190 ms, 85 ms this way
   * (issue 17). Same WHERE, same ORDER BY, same LIMIT: the same page, in the same order.
   */
  private async rowsOf(keys: SelectQueryBuilder<Database & { m: { project_key: string | number; rank: number } }, 'projects' | 'm', { id: string; sort_key?: string }>): Promise<KeyedRecord[]> {
    const page = await keys.execute();
    return this.rowsById(page.map((r) => r.id), page[0]?.sort_key === undefined ? undefined : page.map((r) => r.sort_key!));
  }

  /**
   * The records of `ids` in that order, with their sort keys: a ranked page's second step. At the
   * `version` an in-memory page was confirmed at they are cached, and read without Kysely where the dialect can.
   */
  private async rowsById(ids: readonly string[], sortKeys: readonly string[] | undefined, version?: number): Promise<KeyedRecord[]> {
    if (ids.length === 0) return [];
    const read = async (some: readonly string[]) => this.direct?.projectRows(some)?.map(recordOf) ?? (await recordsById(this.db, this.search.name, some));
    const byId = version !== undefined && this.rowCache ? await this.rowCache.recordsOf(ids, version, read) : new Map((await read(ids)).map((record) => [record.id, record]));
    // A project deleted between the two reads is left out rather than answered half-read.
    return ids.flatMap((id, i) => (byId.has(id) ? [{ record: byId.get(id)!, sortKey: sortKeys?.[i] }] : []));
  }

  async getBySlug(slug: string): Promise<ProjectRecord | undefined> {
    const row = await this.db.selectFrom('projects').select(RECORD_COLUMNS).where('slug', '=', slug).where('published_at', 'is not', null).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async existingSlugs(slugs: readonly string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await this.db.selectFrom('projects').select('slug').where('slug', 'in', [...slugs]).where('published_at', 'is not', null).execute();
    return new Set(rows.map((r) => r.slug));
  }

  facets(): Promise<CountedFacets> {
    return catalogFacets(this.db);
  }

  async narrowed(filter: ProjectFilter): Promise<CountedFacets> {
    const q = filter.q?.trim();
    const words = q ? searchTerms(q) : [];
    const symbols = q ? symbolTerms(q) : [];
    // A search with no searchable word is a substring match, which only SQL answers.
    const counted = this.memory && (words.length > 0 || !q) ? await this.memory.counts(filter, words, symbols) : undefined;
    return counted ? facetsOf(counted.terms, counted.years) : catalogFacets(this.db, matchingProjects(this.db, this.search, filter, q, words, symbols).select('projects.id'));
  }

  pageRefs(afterSlug: string | undefined, limit: number): Promise<ProjectPageRef[]> {
    return pageRefs(this.db, afterSlug, limit);
  }

  async upsert(projects: readonly ImportedProject[], nowMs: number, newId: () => string): Promise<{ inserted: number; updated: number }> {
    let inserted = 0;
    let updated = 0;
    await inTransaction(this.db, async (trx) => {
      for (const input of projects) {
        const existing = await trx.selectFrom('projects').select(['id', 'created_at', 'revision']).where('slug', '=', input.slug).executeTakeFirst();
        await this.write(trx, input, existing ? { id: existing.id, created_at: existing.created_at, revision: Number(existing.revision) } : null, nowMs, newId);
        if (existing) updated += 1;
        else inserted += 1;
      }
      await bumpVersion(trx);
    });
    return { inserted, updated };
  }

  /**
   * Inserts `input`, or updates `existing` if its revision is unchanged; the terms and search
   * index follow. The featured rank is written only when the input gives one (an import).
   */
  private async write(trx: Transaction<Database>, input: ImportedProject, existing: { id: string; created_at: string; revision: number } | null, nowMs: number, newId: () => string): Promise<RevisedProject | 'conflict'> {
    const now = toRfc3339(nowMs);
    const record: ProjectRecord = {
      id: existing?.id ?? input.id ?? newId(),
      slug: input.slug,
      title: input.title,
      summary: input.summary,
      description: input.description,
      client: input.client,
      industry: input.industry,
      services: input.services,
      technologies: input.technologies,
      tags: input.tags,
      year: input.year,
      featured: input.featured,
      url: input.url,
      images: input.images,
      published_at: input.published_at === null ? null : normalizeTime(input.published_at),
      created_at: existing?.created_at ?? (input.created_at ? normalizeTime(input.created_at) : now),
      updated_at: input.updated_at ? normalizeTime(input.updated_at) : now,
    };
    const rank = input.featured_rank === undefined ? {} : { featured_rank: input.featured_rank };
    if (existing) {
      const { id: _id, ...changes } = toRow(record);
      // The revision check is in the UPDATE itself, so two writers cannot both pass it.
      const result = await trx
        .updateTable('projects')
        .set({ ...changes, ...rank, revision: existing.revision + 1 })
        .where('id', '=', record.id)
        .where('revision', '=', existing.revision)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return 'conflict';
      await trx.deleteFrom('project_terms').where('project_id', '=', record.id).execute();
    } else {
      await trx.insertInto('projects').values({ ...toRow(record), ...rank }).execute();
    }
    const termRows = [
      { project_id: record.id, kind: 'industry' as const, value: record.industry },
      ...record.tags.map((value) => ({ project_id: record.id, kind: 'tag' as const, value })),
      ...record.services.map((value) => ({ project_id: record.id, kind: 'service' as const, value })),
      ...record.technologies.map((value) => ({ project_id: record.id, kind: 'technology' as const, value })),
    ];
    const unique = [...new Map(termRows.map((t) => [`${t.kind}\u0000${t.value}`, t])).values()];
    await trx.insertInto('project_terms').values(unique).execute();
    await this.search.index(trx, record);
    return { ...record, revision: existing ? existing.revision + 1 : 1 };
  }

  async getAny(slug: string): Promise<RevisedProject | undefined> {
    const row = await this.db.selectFrom('projects').select([...RECORD_COLUMNS, 'revision']).where('slug', '=', slug).executeTakeFirst();
    return row ? { ...toRecord(row), revision: Number(row.revision) } : undefined;
  }

  async save(project: ProjectFields, expected: ProjectRevision | null, nowMs: number, newId: () => string): Promise<RevisedProject | 'conflict'> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const existing = await trx.selectFrom('projects').select(['id', 'created_at', 'revision']).where('slug', '=', project.slug).executeTakeFirst();
        const current = existing ? { id: existing.id, created_at: existing.created_at, revision: Number(existing.revision) } : null;
        if (expected === null ? current !== null : current === null || current.id !== expected.id || current.revision !== expected.revision) return 'conflict';
        const written = await this.write(trx, { ...project, id: undefined }, current, nowMs, newId);
        if (written === 'conflict') throw new ConflictSignal();
        await bumpVersion(trx);
        return written;
      });
    } catch (error) {
      // A concurrent insert of the same slug (unique violation) or update (revision moved on).
      if (error instanceof ConflictSignal || isUniqueViolation(error)) return 'conflict';
      throw error;
    }
  }

  async remove(slug: string, expected: ProjectRevision): Promise<'deleted' | 'conflict'> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const current = await trx.selectFrom('projects').select('id').where('slug', '=', slug).where('id', '=', expected.id).where('revision', '=', expected.revision).executeTakeFirst();
        if (!current) return 'conflict';
        await this.search.unindex(trx, expected.id);
        const result = await trx.deleteFrom('projects').where('id', '=', expected.id).where('revision', '=', expected.revision).executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) throw new ConflictSignal();
        await bumpVersion(trx);
        return 'deleted';
      });
    } catch (error) {
      if (error instanceof ConflictSignal) return 'conflict';
      throw error;
    }
  }

  featuredOrder(): Promise<string[]> {
    return featuredOrder(this.db);
  }

  moveFeatured(slug: string, direction: 'up' | 'down'): Promise<boolean> {
    return moveFeatured(this.db, slug, direction);
  }

  exportAll(): Promise<ProjectRecord[]> {
    return exportAll(this.db);
  }

  async listAny(): Promise<RevisedProject[]> {
    const rows = await this.db.selectFrom('projects').select([...RECORD_COLUMNS, 'revision']).orderBy('slug').execute();
    return rows.map((row) => ({ ...toRecord(row), revision: Number(row.revision) }));
  }

  featuredRanks(): Promise<Map<string, number>> {
    return featuredRanks(this.db);
  }

  count(): Promise<number> {
    return countProjects(this.db);
  }

  version(): Promise<number> {
    return catalogVersion(this.db, this.search.name, this.direct);
  }
}

class ConflictSignal extends Error {}
