import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** A numbered migration written as plain SQL statements for one dialect. */
export type SqlMigrations = Record<string, readonly string[]>;

export class SqlMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: SqlMigrations) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, statements] of Object.entries(this.migrations)) {
      out[name] = {
        async up(db: Kysely<unknown>) {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return out;
  }
}
