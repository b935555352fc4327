import type { ProjectFilter, ProjectQuery, TermKind } from '../store/ports/index.js';
import { compareBytes, topK } from './order.js';
import { SYMBOL_TERM_KINDS } from './symbol-terms.js';
import { TermSets } from './term-sets.js';
import type { TextIndex } from './text-index.js';
import { capacityFor, grown } from './grown.js';

/**
 * The catalog as ranked search needs it, in memory (issue 17): per project what filters, sorts
 * and pages need, with the dialect's TextIndex for matching and ranking. page() answers exactly
 * what KyselyProjectStore.list() answers with SQL for a query with searchable words: the same
 * filters, the same order (relevance: rank desc, published_at desc, id desc, offset cursors;
 * the other sorts keyset as in list()), the same sort keys; undefined when it cannot.
 * Compact: typed arrays per project, published_at and terms interned.
 */
export interface IndexedProject {
  id: string;
  /** what changes whenever the project's text, terms or columns change (revision, updated_at) */
  stamp: string;
  published_at: string | null;
  year: number;
  featured: boolean;
  featured_rank: number;
  /** the database's own title sort key (SQLite's lower() folds ASCII only) */
  title_key: string;
  /** project_terms as `${kind}\u0000${value}`; undefined: unchanged */
  terms?: readonly string[] | undefined;
}

/** Published projects per term (`kind` as project_terms has it) and per year. */
export interface FacetCounts {
  terms: { kind: TermKind; value: string; count: number }[];
  years: { year: number; count: number }[];
}

export interface SearchPage {
  /** up to limit + 1 ids, in order */
  ids: string[];
  /** the title sort key of each id, for sort=title */
  sortKeys?: string[];
}

/** A project's year is 1970–2100 (src/catalog/project.ts): facet counts keep one slot each. */
const [FIRST_YEAR, YEARS] = [1970, 2100 - 1970 + 1];

export class CatalogIndex<Source> {
  private ids: (string | undefined)[] = [];
  private stamps: (string | undefined)[] = [];
  private titles: string[] = [];
  private published = new Int32Array(0);
  private years = new Float64Array(0);
  private flags = new Uint8Array(0);
  private featuredRanks = new Float64Array(0);
  private readonly terms = new TermSets();
  private readonly dates = new Map<string, number>();
  private dateNames: string[] = [];
  /** published_at's position in byte order, per interned date; recomputed when dates are added */
  private dateOrder = new Int32Array(0);
  private keep = new Int32Array(0);

  constructor(readonly text: TextIndex<Source>) {}

  stamp(doc: number): string | undefined {
    return this.stamps[doc] === undefined ? undefined : `${this.ids[doc]}\u0000${this.stamps[doc]}`;
  }

  *docs(): Generator<number> {
    for (let doc = 0; doc < this.ids.length; doc++) if (this.ids[doc] !== undefined) yield doc;
  }

  /** Sets a project's columns, and its text when `source` is given. */
  set(doc: number, p: IndexedProject, source?: Source): void {
    this.grow(doc + 1);
    this.ids[doc] = p.id;
    this.stamps[doc] = p.stamp;
    this.titles[doc] = p.title_key;
    this.published[doc] = p.published_at === null ? -1 : this.date(p.published_at);
    this.years[doc] = p.year;
    this.flags[doc] = p.featured ? 1 : 0;
    this.featuredRanks[doc] = p.featured_rank;
    if (p.terms !== undefined) this.terms.set(doc, p.terms);
    if (source !== undefined) this.text.set(doc, source);
  }

  delete(doc: number): void {
    if (this.ids[doc] === undefined) return;
    this.ids[doc] = undefined;
    this.stamps[doc] = undefined;
    this.terms.clear(doc);
    this.text.delete(doc);
  }

  /**
   * The page for a query with searchable `words`, whose `symbols` (symbol-terms.ts) must each be
   * one of a project's terms of SYMBOL_TERM_KINDS; undefined: answer it with SQL.
   */
  async page(query: ProjectQuery, words: readonly string[], symbols: readonly string[], stillValid: () => boolean): Promise<SearchPage | undefined> {
    const after = query.after;
    if (after?.kind === 'offset' && !(Number.isSafeInteger(after.offset) && after.offset >= 0)) return undefined;
    if (after?.kind === 'keyset' && typeof after.value !== (query.sort === '-year' ? 'number' : 'string')) return undefined;
    const needed = this.requiredTerms(query, symbols);
    if (needed === undefined) return { ids: [] };
    const { required, anyOf } = needed;
    const passes = this.cursorTest(query);
    const offset = (query.sort === 'relevance' || query.sort === 'featured') && after?.kind === 'offset' ? after.offset : 0;
    const k = offset + query.limit + 1;
    // A page in rank order needs only the matches that could be among its k best (text.topNow).
    const admits = (doc: number) => this.admits(doc, query, required, anyOf, passes);
    const found = (query.sort === 'relevance' && this.text.topNow?.(words, k, admits)) || (this.text.matchNow ? this.text.matchNow(words, query.sort === 'relevance') : await this.text.match(words));
    // From here on nothing yields: matchNow's scratch arrays and this.keep stay this call's.
    if (found === undefined || !stillValid()) return undefined;
    const { docs, ranks } = found;

    const filtered = query.year !== undefined || query.featured !== undefined || required.length > 0 || anyOf.length > 0 || passes !== undefined;
    const keep = filtered ? this.keepFiltered(docs, admits) : keepPublished(docs, this.published, this.ids, this.keepSpace(docs.length));
    const order = topK(keep, k, this.before(query, docs, ranks), query.sort === 'relevance' ? ranks : undefined);
    const page = Array.from(order.subarray(offset), (i) => docs[i]!);
    const ids = page.map((doc) => this.ids[doc]!);
    return query.sort === 'title' ? { ids, sortKeys: page.map((doc) => this.titles[doc]!) } : { ids };
  }

  /**
   * The published projects matching `words` (every project when there are none), `symbols` and
   * the filter, counted per term and year: a narrowed view's facets, as catalogFacets() in
   * src/store/kysely/project-facets.ts counts them with SQL; undefined: count with SQL.
   */
  async counts(filter: ProjectFilter, words: readonly string[], symbols: readonly string[], stillValid: () => boolean): Promise<FacetCounts | undefined> {
    const counts: FacetCounts = { terms: [], years: [] };
    const needed = this.requiredTerms(filter, symbols);
    if (needed === undefined) return counts;
    const found = words.length === 0 ? undefined : this.text.matchNow ? this.text.matchNow(words, false) : await this.text.match(words);
    if ((words.length > 0 && found === undefined) || !stillValid()) return undefined;
    const perTerm = new Int32Array(this.terms.size);
    const perYear = new Int32Array(YEARS);
    const count = (doc: number) => {
      if (!this.admits(doc, filter, needed.required, needed.anyOf, undefined)) return;
      perYear[this.years[doc]! - FIRST_YEAR]! += 1;
      this.terms.tally(doc, perTerm);
    };
    if (found) for (let i = 0; i < found.docs.length; i++) count(found.docs[i]!);
    else for (let doc = 0; doc < this.ids.length; doc++) count(doc);
    for (const [key, id] of this.terms.terms()) {
      if (perTerm[id]! === 0) continue;
      const [kind, value] = key.split('\u0000') as [TermKind, string];
      counts.terms.push({ kind, value, count: perTerm[id]! });
    }
    perYear.forEach((n, i) => n > 0 && counts.years.push({ year: FIRST_YEAR + i, count: n }));
    return counts;
  }

  /** The term ids a project must have (each of `required`, one of each `anyOf`); undefined: no project can. */
  private requiredTerms(filter: ProjectFilter, symbols: readonly string[]): { required: number[]; anyOf: number[][] } | undefined {
    const required: number[] = [];
    for (const [kind, value] of [['tag', filter.tag], ['industry', filter.industry], ['service', filter.service], ['technology', filter.technology]] as const) {
      if (value === undefined) continue;
      const id = this.terms.id(`${kind}\u0000${value}`);
      if (id === undefined) return undefined;
      required.push(id);
    }
    const anyOf: number[][] = [];
    for (const symbol of symbols) {
      const ids = SYMBOL_TERM_KINDS.map((kind) => this.terms.id(`${kind}\u0000${symbol}`)).filter((id) => id !== undefined);
      if (ids.length === 0) return undefined;
      anyOf.push(ids);
    }
    return { required, anyOf };
  }

  /** Scratch for the positions a page keeps, reused by every page (page() never yields while it is in use). */
  private keepSpace(size: number): Int32Array {
    if (this.keep.length < size) this.keep = new Int32Array(Math.max(size, this.ids.length));
    return this.keep;
  }

  /** Positions in `docs` of the documents `admits`. */
  private keepFiltered(docs: Int32Array, admits: (doc: number) => boolean): Int32Array {
    const keep = this.keepSpace(docs.length);
    let n = 0;
    for (let i = 0; i < docs.length; i++) if (admits(docs[i]!)) keep[n++] = i;
    return keep.subarray(0, n);
  }

  /** Whether `doc` is a published, indexed document that passes the query's filters. */
  private admits(doc: number, query: ProjectFilter, required: readonly number[], anyOf: readonly (readonly number[])[], passes: ((doc: number) => boolean) | undefined): boolean {
    // Unpublished (-1) or not in the catalog index (a document the text index has alone).
    if (!(this.published[doc]! >= 0) || this.ids[doc] === undefined) return false;
    if (query.year !== undefined && this.years[doc] !== query.year) return false;
    if (query.featured !== undefined && this.flags[doc] !== (query.featured ? 1 : 0)) return false;
    for (let i = 0; i < required.length; i++) if (!this.terms.has(doc, required[i]!)) return false;
    for (let i = 0; i < anyOf.length; i++) if (!this.terms.hasOneOf(doc, anyOf[i]!)) return false;
    return passes === undefined || passes(doc);
  }

  private before(query: ProjectQuery, docs: Int32Array, ranks: Float64Array): (a: number, b: number) => boolean {
    this.sortDates();
    const date = (doc: number) => this.dateOrder[this.published[doc]!]!;
    const id = (a: number, b: number) => compareBytes(this.ids[a]!, this.ids[b]!);
    switch (query.sort) {
      case 'relevance':
        return (i, j) => {
          if (ranks[i] !== ranks[j]) return ranks[i]! > ranks[j]!;
          const a = docs[i]!;
          const b = docs[j]!;
          return date(a) !== date(b) ? date(a) > date(b) : id(a, b) > 0;
        };
      case 'featured':
        return (i, j) => {
          const a = docs[i]!;
          const b = docs[j]!;
          if (this.featuredRanks[a] !== this.featuredRanks[b]) return this.featuredRanks[a]! < this.featuredRanks[b]!;
          return date(a) !== date(b) ? date(a) > date(b) : id(a, b) > 0;
        };
      case '-published_at':
        return (i, j) => {
          const a = docs[i]!;
          const b = docs[j]!;
          return date(a) !== date(b) ? date(a) > date(b) : id(a, b) > 0;
        };
      case 'title':
        return (i, j) => {
          const a = docs[i]!;
          const b = docs[j]!;
          const c = compareBytes(this.titles[a]!, this.titles[b]!);
          return c !== 0 ? c < 0 : id(a, b) < 0;
        };
      case '-year':
        return (i, j) => {
          const a = docs[i]!;
          const b = docs[j]!;
          return this.years[a] !== this.years[b] ? this.years[a]! > this.years[b]! : id(a, b) > 0;
        };
    }
  }

  /** The keyset condition of list() for a doc, when the query has one. */
  private cursorTest(query: ProjectQuery): ((doc: number) => boolean) | undefined {
    const after = query.after;
    if (after?.kind !== 'keyset') return undefined;
    switch (query.sort) {
      case '-published_at':
        return (doc) => {
          const c = compareBytes(this.dateNames[this.published[doc]!]!, after.value as string);
          return c < 0 || (c === 0 && compareBytes(this.ids[doc]!, after.id) < 0);
        };
      case 'title':
        return (doc) => {
          const c = compareBytes(this.titles[doc]!, after.value as string);
          return c > 0 || (c === 0 && compareBytes(this.ids[doc]!, after.id) > 0);
        };
      case '-year':
        return (doc) => this.years[doc]! < (after.value as number) || (this.years[doc] === after.value && compareBytes(this.ids[doc]!, after.id) < 0);
      default:
        return undefined;
    }
  }

  private date(value: string): number {
    let id = this.dates.get(value);
    if (id === undefined) {
      id = this.dateNames.length;
      this.dates.set(value, id);
      this.dateNames.push(value);
    }
    return id;
  }

  private sortDates(): void {
    if (this.dateOrder.length === this.dateNames.length) return;
    const byName = this.dateNames.map((_, i) => i).sort((a, b) => compareBytes(this.dateNames[a]!, this.dateNames[b]!));
    this.dateOrder = new Int32Array(this.dateNames.length);
    byName.forEach((id, position) => (this.dateOrder[id] = position));
  }

  private grow(size: number): void {
    if (size <= this.published.length) return;
    const capacity = capacityFor(size, this.published.length);
    this.published = grown(this.published, capacity);
    this.years = grown(this.years, capacity);
    this.flags = grown(this.flags, capacity);
    this.featuredRanks = grown(this.featuredRanks, capacity);
  }
}

/**
 * Positions in `docs` of the published documents the catalog index has: the filter of a query
 * without other filters (most searches), in a function of its own so V8 optimizes its loop.
 */
function keepPublished(docs: Int32Array, published: Int32Array, ids: readonly (string | undefined)[], keep: Int32Array): Int32Array {
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    // Unpublished (-1) or not in the catalog index (a document the text index has alone).
    if (published[doc]! >= 0 && ids[doc] !== undefined) keep[n++] = i;
  }
  return keep.subarray(0, n);
}
