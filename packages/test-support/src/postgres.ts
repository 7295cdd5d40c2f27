import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface EmptyPostgresDatabase {
  /** `serverUrl` with this database's name as its path. */
  url: string;
  name: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop: () => Promise<void>;
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty database (`fincrypt_test_<random>`) on the PostgreSQL server at `serverUrl`, for a server
 * process to migrate on start, and how to drop it again.
 */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<EmptyPostgresDatabase> {
  const name = `fincrypt_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => asAdmin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
