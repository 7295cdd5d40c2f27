import pg from 'pg';
import { createEmptyPostgresDatabase } from '@fincrypt/test-support';
import { onCleanup } from './cleanup.ts';
import { progress } from './report.ts';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The PostgreSQL server for the *_pg* figures: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
 * default local server if it answers. A URL that was set explicitly but does not answer is an error.
 */
export async function resolvePostgresServer(): Promise<string | undefined> {
  const explicit = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const url = explicit ?? DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    if (explicit) throw new Error(`PostgreSQL at ${url} does not answer: ${String(error)}`);
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new, empty database on `serverUrl` for one phase; dropped when `use` settles (or on Ctrl-C). */
export async function withFreshDatabase<T>(serverUrl: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const database = await createEmptyPostgresDatabase(serverUrl);
  const { name } = database;
  progress(`created database ${name}`);
  const drop = onCleanup(`drop database ${name}`, () => database.drop());
  try {
    return await use(database.url);
  } finally {
    await drop();
  }
}

/** One client on `databaseUrl` for `use`, closed afterwards. */
export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
