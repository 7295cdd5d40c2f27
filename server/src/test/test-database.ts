import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { type Database, type DatabaseKind, openDatabase } from '../db/database.ts';

/** The database kinds this run covers: PGlite always; PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite must run in CI');
  }
  return url ? ['pglite', 'postgres'] : ['pglite'];
}

/** An empty database on the TEST_DATABASE_URL server (for a spawned server process to migrate), and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fincrypt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new database created on the
 * TEST_DATABASE_URL server and dropped again by close().
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite' });
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: empty.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** Runs the same suite once per database kind, e.g. "contact API [postgres]". */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => suite(kind));
  }
}
