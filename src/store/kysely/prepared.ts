import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** Which SQL a query compiles to: one compiled form per dialect. */
export type DialectName = 'sqlite' | 'postgres';

/** A value, a flat record of values, or a list of strings (one parameter: PostgreSQL's `= ANY($1)`). */
type Arg = string | number | null | readonly string[] | Readonly<Record<string, string | number | null>>;
type Source = number | readonly [number, string] | { constant: unknown };

const SLOT = '\u0000vitrine-prepared:';

/** The PostgreSQL statement name of each compiled text: a fixed set, one per prepared() query. */
const statementNames = new Map<string, string>();

/**
 * The name a PostgreSQL connection may keep `sql` prepared under, if it is one of the queries
 * compiled here (postgres/named-statements.ts); undefined for every other query, which PostgreSQL
 * parses and plans afresh each time.
 */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * A query built and compiled once per dialect, then run with fresh values. Kysely rebuilds its
 * operation tree and compiles it to SQL on every call — more than the statement itself costs
 * for a lookup by key (issue 17: the token endpoint, bearer checks and inquiries run the same
 * few statements on every request). `build` receives stand-ins for the arguments (scalars, or
 * flat records of scalars) and must pass them to Kysely only as values; compiling records where
 * each stand-in lands in the parameter list. A record must have the same keys on every call.
 * On PostgreSQL the statement is also kept prepared on each connection (statementName()), so the
 * server skips parsing and planning it: select named columns, never `*`, so that a migration
 * adding a column cannot change a prepared statement's result type under a running instance.
 */
export function prepared<R, Args extends readonly Arg[]>(build: (db: Kysely<Database>, ...args: Args) => Compilable<R>) {
  const compiled = new Map<DialectName, { query: CompiledQuery<R>; sources: Source[] }>();
  return (db: Kysely<Database>, dialect: DialectName, ...args: Args): Promise<QueryResult<R>> => {
    let entry = compiled.get(dialect);
    if (entry === undefined) {
      const query = build(db, ...(args.map(standIn) as unknown as Args)).compile();
      entry = { query, sources: query.parameters.map(sourceOf) };
      if (dialect === 'postgres' && !statementNames.has(query.sql)) statementNames.set(query.sql, `vitrine_${statementNames.size + 1}`);
      compiled.set(dialect, entry);
    }
    const parameters = entry.sources.map((source) => valueOf(source, args));
    return db.executeQuery({ ...entry.query, parameters });
  };
}

function standIn(arg: Arg, index: number): Arg {
  if (arg === null || typeof arg !== 'object' || Array.isArray(arg)) return `${SLOT}${index}`;
  return Object.fromEntries(Object.keys(arg).map((key) => [key, `${SLOT}${index}.${key}`]));
}

function sourceOf(parameter: unknown): Source {
  if (typeof parameter !== 'string' || !parameter.startsWith(SLOT)) return { constant: parameter };
  const path = parameter.slice(SLOT.length);
  const dot = path.indexOf('.');
  return dot < 0 ? Number(path) : [Number(path.slice(0, dot)), path.slice(dot + 1)];
}

function valueOf(source: Source, args: readonly Arg[]): unknown {
  if (typeof source === 'number') return args[source] ?? null;
  if ('constant' in source) return source.constant;
  const record = args[source[0]] as Readonly<Record<string, unknown>> | null;
  return record?.[source[1]] ?? null;
}
