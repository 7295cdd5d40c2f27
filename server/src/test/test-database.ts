import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { type Database, type DatabaseKind, openDatabase } from '../db/database.ts';

/**
 * The database kinds this test file runs on. The vitest project says which (TEST_DATABASE_KINDS, vitest.config.ts:
 * every server file on PGlite, the folders where the two engines can differ on PostgreSQL too); without one, PGlite
 * always and PostgreSQL when TEST_DATABASE_URL is set.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite must run in CI');
  }
  const chosen = process.env.TEST_DATABASE_KINDS?.split(',') as DatabaseKind[] | undefined;
  if (chosen) return chosen;
  return url ? ['pglite', 'postgres'] : ['pglite'];
}

/** A suite about PostgreSQL alone (several processes, a lost server): defined only where this file runs on it. */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (testDatabaseKinds().includes('postgres')) describe(name, suite);
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
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  try {
    await dropper.query(`drop database if exists ${name} with (force)`);
  } finally {
    await dropper.end();
  }
}

/** A new database on the TEST_DATABASE_URL server copied from the run's migrated template (test/global-setup.ts). */
async function createPostgresDatabaseFromTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) return createEmptyPostgresDatabase();
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `fincrypt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new database on the TEST_DATABASE_URL
 * server, dropped again by close(). Both start from the run's migrated template when there is one; opening still
 * runs the migrator, which finds nothing to do.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const templateFile = inject('pgliteTemplateFile');
    const template = templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined;
    return openDatabase({ kind: 'pglite', ...(template ? { template } : {}) });
  }
  const empty = await createPostgresDatabaseFromTemplate();
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
