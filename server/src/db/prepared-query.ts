import pg from 'pg';
import type { Db } from './database.ts';

interface PgliteClient {
  query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * Runs a hot statement as a named prepared statement on PostgreSQL: each pooled connection parses and plans it once,
 * then only binds and executes it. PGlite runs in this process, where there is no round trip to save, so it gets the
 * statement as it is. Autocommit only: not for a statement inside a drizzle transaction.
 */
export async function queryPrepared<Row>(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | PgliteClient }).$client;
  if (client instanceof pg.Pool) return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
  return (await client.query<Row>(text, values)).rows;
}
