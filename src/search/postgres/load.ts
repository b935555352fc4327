import type { ToTsquery } from './tsquery.js';

/** Runs one SQL statement with $n parameters and returns its rows (e.g. a pg.Pool's query). */
export type SqlRows = <Row>(text: string, values: readonly unknown[]) => Promise<Row[]>;

export interface SearchVector {
  /** projects.id: postgresSearch's match key. */
  readonly id: string;
  /** projects.search as PostgreSQL prints it, for PostgresTextIndex.set(). */
  readonly search: string;
}

/**
 * Every project's id and `search::text`, in pages ordered by id (keyset), so loading 100,000
 * projects never holds more than one page of rows; `ids` limits the read to those projects
 * (the core re-reads what changed, and deletes from the index the ids that come back missing).
 */
export async function* readSearchVectors(query: SqlRows, options: { ids?: readonly string[]; pageSize?: number } = {}): AsyncGenerator<SearchVector[]> {
  const pageSize = options.pageSize ?? 2000;
  if (options.ids !== undefined) {
    for (let i = 0; i < options.ids.length; i += pageSize) {
      const ids = options.ids.slice(i, i + pageSize);
      yield await query<SearchVector>('SELECT id, search::text AS search FROM projects WHERE id = ANY($1::text[]) ORDER BY id', [ids]);
    }
    return;
  }
  let after: string | null = null;
  for (;;) {
    const rows: SearchVector[] = await query<SearchVector>(
      'SELECT id, search::text AS search FROM projects WHERE $1::text IS NULL OR id > $1 ORDER BY id LIMIT $2',
      [after, pageSize],
    );
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** PostgresTextIndex's lexizer over `query`: the same to_tsquery('english', …) the SQL path runs. */
export function postgresToTsquery(query: SqlRows): ToTsquery {
  return async (text) => (await query<{ q: string }>(`SELECT to_tsquery('english', $1)::text AS q`, [text]))[0]!.q;
}
