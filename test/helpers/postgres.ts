import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL for tests: TEST_DATABASE_URL, defaulting to this machine's local server. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let available: Promise<boolean> | undefined;

/** Whether PostgreSQL answers. Under CI a missing PostgreSQL is a failure, never a skip. */
export async function postgresAvailable(): Promise<boolean> {
  available ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      if (process.env.CI === 'true') throw new Error(`PostgreSQL is required under CI but ${TEST_DATABASE_URL} is unreachable: ${(error as Error).message}`);
      return false;
    }
  })();
  return available;
}

/** Skip reason for node:test when PostgreSQL is missing outside CI; false when it is there. */
export async function skipWithoutPostgres(): Promise<string | false> {
  return (await postgresAvailable()) ? false : `PostgreSQL unreachable at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL; CI=true makes this a failure)`;
}

/** Creates a throwaway database and returns its URL and a drop function. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      // pg's pool.end() resolves before its backends have read the Terminate message; a forced drop
      // right away would kill them mid-goodbye, and the dying client's error would surface as an
      // uncaught exception in the test. So wait (bounded) for the sessions to leave first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
