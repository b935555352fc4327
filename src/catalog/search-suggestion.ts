import type { CountedFacets, Facets, ProjectFilter } from '../store/ports/index.js';
import { correctedSearch, vocabularyOf, type Vocabulary } from '../search/spelling.js';
import { termOf } from './project-form.js';
import type { Cached, CatalogService } from './service.js';

/** A corrected view that lists projects, and the answer that counted them (for freshness). */
export interface SearchSuggestion {
  filter: ProjectFilter;
  counted: Cached<CountedFacets>;
}

/** One vocabulary per facets answer: it changes with the catalog version, and is then rebuilt. */
const vocabularies = new WeakMap<Facets, Vocabulary>();

function vocabularyFor(facets: Facets): Vocabulary {
  let vocabulary = vocabularies.get(facets);
  if (vocabulary === undefined) {
    vocabulary = vocabularyOf([...facets.tags, ...facets.services, ...facets.technologies, ...facets.industries]);
    vocabularies.set(facets, vocabulary);
  }
  return vocabulary;
}

/**
 * "Did you mean …?" for a search that listed nothing (search/spelling.ts): its words corrected
 * against the catalog's filter values, offered only when the corrected view, with the same
 * filters, lists something. A correction that is an industry (`helthcare`) suggests that filter:
 * the text search does not cover the industry.
 */
export async function searchSuggestion(catalog: CatalogService, filter: ProjectFilter, facets: Facets): Promise<SearchSuggestion | undefined> {
  const q = filter.q && correctedSearch(filter.q, vocabularyFor(facets));
  if (!q) return undefined;
  const industry = filter.industry === undefined ? facets.industries.find(({ value }) => value === termOf(q))?.value : undefined;
  const suggested = industry ? { ...filter, q: undefined, industry } : { ...filter, q };
  const counted = await catalog.narrowed(suggested);
  return counted.value.total > 0 ? { filter: suggested, counted } : undefined;
}
