import type { PagePosition, ProjectQuery } from '../ports/index.js';
import type { KeyedRecord } from './project-rows.js';

/**
 * Where the page after this one starts, from the page's rows (limit + 1 were read): null when
 * nothing follows. Ranked and featured pages go by offset, the others by keyset on their sort
 * key and the id.
 */
export function nextPosition(query: ProjectQuery, rows: readonly KeyedRecord[]): PagePosition | null {
  if (rows.length <= query.limit) return null;
  const lastRow = rows[query.limit - 1]!;
  const last = lastRow.record;
  if (query.sort === 'relevance' || query.sort === 'featured') return { kind: 'offset', offset: (query.after?.kind === 'offset' ? query.after.offset : 0) + query.limit };
  if (query.sort === 'title') return { kind: 'keyset', value: String(lastRow.sortKey), id: last.id };
  if (query.sort === '-year') return { kind: 'keyset', value: last.year, id: last.id };
  return { kind: 'keyset', value: last.published_at!, id: last.id };
}
