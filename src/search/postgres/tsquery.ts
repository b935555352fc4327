/**
 * The query side of the in-memory PostgreSQL index: `to_tsquery('english', 't1:* & t2:*')`
 * stems and drops stop words with PostgreSQL's own dictionaries, which only PostgreSQL can do
 * exactly, so the text is lexized by PostgreSQL once per distinct query and kept in a bounded
 * map. Only a plain AND of prefix lexemes is answered in memory; anything else goes to SQL.
 */

/** Runs `SELECT to_tsquery('english', $1)::text` and returns its text. */
export type ToTsquery = (query: string) => Promise<string>;

/** The tsquery text postgresSearch.matches() (src/store/postgres/search.ts) builds from the terms. */
export function tsqueryText(terms: readonly string[]): string {
  return terms.map((t) => `${t}:*`).join(' & ');
}

/**
 * The operands of tsqueryout's text when it is `'l1':* & 'l2':* …` (every operand a prefix
 * without weights), else undefined: an empty query (numnode = 0: the SQL path then searches
 * with the 'simple' configuration), a phrase (`<->`, one term lexized into several lexemes),
 * or any other operator.
 */
export function parsePrefixAnd(text: string): string[] | undefined {
  if (text === '') return undefined;
  const operands: string[] = [];
  let i = 0;
  for (;;) {
    if (text[i] !== "'") return undefined;
    i++;
    let word = '';
    for (;;) {
      if (i >= text.length) return undefined;
      const c = text[i]!;
      if (c === "'" && text[i + 1] === "'") (word += "'"), (i += 2);
      else if (c === '\\' && i + 1 < text.length) (word += text[i + 1]), (i += 2);
      else if (c === "'") break;
      else (word += c), i++;
    }
    if (text.slice(i, i + 3) !== "':*") return undefined;
    i += 3;
    if (word === '') return undefined;
    operands.push(word);
    if (i === text.length) return operands;
    if (text.slice(i, i + 3) !== ' & ') return undefined;
    i += 3;
  }
}

/** Lexized queries, most recently used last; `limit` bounds the map. */
export class TsqueryCache {
  private readonly entries = new Map<string, string[] | undefined>();

  constructor(
    private readonly toTsquery: ToTsquery,
    private readonly limit = 1000,
  ) {}

  async operands(terms: readonly string[]): Promise<string[] | undefined> {
    const text = tsqueryText(terms);
    if (this.entries.has(text)) {
      const hit = this.entries.get(text);
      this.entries.delete(text);
      this.entries.set(text, hit);
      return hit;
    }
    const operands = parsePrefixAnd(await this.toTsquery(text));
    this.entries.set(text, operands);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return operands;
  }
}
