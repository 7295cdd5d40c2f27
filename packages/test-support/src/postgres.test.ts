import pg from 'pg';
import { expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from './postgres.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

it.skipIf(!serverUrl)('creates an empty database on the server, and drop() removes it even with a connection open', async () => {
  const database = await createEmptyPostgresDatabase(serverUrl!);
  expect(database.name).toMatch(/^fincrypt_test_[0-9a-f]{12}$/);
  expect(new URL(database.url).pathname).toBe(`/${database.name}`);

  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => {}); // the drop below ends this connection
  await client.connect();
  const { rows } = await client.query<{ tables: number }>(`select count(*)::int as tables from pg_tables where schemaname = 'public'`);
  expect(rows[0]?.tables).toBe(0);

  await database.drop();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const left = await admin.query('select 1 from pg_database where datname = $1', [database.name]);
    expect(left.rowCount).toBe(0);
  } finally {
    await admin.end();
    await client.end().catch(() => {});
  }
});
