import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** PGlite's directory on disk; undefined in memory and on PostgreSQL. */
  dataDir: string | undefined;
  /** Present on real PostgreSQL: the pool, for LISTEN/NOTIFY and advisory locks. */
  pool: pg.Pool | undefined;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseTarget = { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string };

/**
 * A client that loses its server must not crash the process: node-postgres emits 'error' on the client
 * (unhandled = uncaught) as well as failing its queries. Idle clients report to the pool's listener (`onLost`),
 * a checked-out one (a transaction between two statements) to its own; the next query reports the error.
 */
export function surviveLostConnections(pool: pg.Pool, onLost: (error: Error) => void = () => {}): void {
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', () => {}));
}

/** Held while migrating, so processes starting together on a fresh database migrate one after another. */
const MIGRATION_LOCK_KEY = 0x46696e4d; // "FinM"

async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Opens the database and brings its schema up to date. `dataDir` undefined = in memory (tests).
 * Read-only tools (the ledger check) pass `shouldMigrate: false` so they never change a database.
 */
export async function openDatabase(target: DatabaseTarget, options: { shouldMigrate?: boolean } = {}): Promise<Database> {
  const shouldMigrate = options.shouldMigrate ?? true;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: Number(process.env.PG_POOL_MAX ?? 20),
      // Waiting for a connection (a new one, or a free one from a busy pool) fails after this long instead of
      // hanging the request: an unreachable database answers 503 in seconds (plugins/error-handler.ts).
      connectionTimeoutMillis: Number(process.env.PG_CONNECTION_TIMEOUT_MS ?? 5_000),
    });
    surviveLostConnections(pool);
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    if (shouldMigrate) await migrateUnderLock(pool);
    return {
      kind: 'postgres',
      db,
      dataDir: undefined,
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
  const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (shouldMigrate) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    dataDir: target.dataDir,
    pool: undefined,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
