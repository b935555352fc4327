import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from './schema.js';

/** `%text%` for `LIKE … ESCAPE '\'`: lower case, with the wildcards of the text itself escaped. */
export function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A search with no searchable word (e.g. "++" or "#"): a plain substring match of the title, the
 * summary and each topic and technology (their terms, not the columns' JSON, whose quotes and
 * commas every project with a topic would match).
 */
export function projectContaining(eb: ExpressionBuilder<Database, 'projects'>, text: string) {
  const pattern = containing(text);
  return eb.or([
    eb(sql`lower(projects.title)`, 'like', sql`${pattern} ESCAPE '\\'`),
    eb(sql`lower(projects.summary)`, 'like', sql`${pattern} ESCAPE '\\'`),
    eb.exists(
      eb
        .selectFrom('project_terms')
        .select(sql`1`.as('one'))
        .whereRef('project_terms.project_id', '=', 'projects.id')
        .where('project_terms.kind', 'in', ['tag', 'technology'])
        .where(sql`project_terms.value`, 'like', sql`${pattern} ESCAPE '\\'`),
    ),
  ]);
}
