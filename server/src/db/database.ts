import fs from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { readPostgresSettings, type PostgresSettings } from '../config.ts';
import { createPglite } from './pglite.ts';
import { countStatement } from './query-metrics.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** PGlite's directory on disk; undefined in memory and on PostgreSQL. */
  dataDir: string | undefined;
  /** Present on real PostgreSQL: the pool, for LISTEN/NOTIFY and advisory locks. */
  pool: pg.Pool | undefined;
  /** Present on real PostgreSQL: the bounds its connections were opened with (config.ts). */
  postgres: PostgresSettings | undefined;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** `template`: a dumped PGlite data directory to start from (the tests' migrated template), instead of an empty one. */
export type DatabaseTarget = { kind: 'pglite'; dataDir?: string; template?: Blob } | { kind: 'postgres'; url: string };

/**
 * A client that loses its server must not crash the process: node-postgres emits 'error' on the client
 * (unhandled = uncaught) as well as failing its queries. Idle clients report to the pool's listener (`onLost`),
 * a checked-out one (a transaction between two statements) to its own; the next query reports the error.
 */
export function surviveLostConnections(pool: pg.Pool, onLost: (error: Error) => void = () => {}): void {
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', () => {}));
}

/** What node-postgres answers when query_timeout passes without a reply. */
const QUERY_READ_TIMEOUT = 'Query read timeout';
/** How long end() waits for the server to close the connection before closing it from our side. */
const END_TIMEOUT_MS = 2_000;

/**
 * A client that closes its connection when a query gets no answer within query_timeout. node-postgres only
 * fails the query and keeps the connection: a pool would hand that silent connection (mid-protocol, its
 * transaction perhaps open) to the next request, and drizzle's ROLLBACK after the failure would wait out the
 * timeout once more. Closed, it fails at once ("Client has encountered a connection error…"), and the pool
 * discards it; PostgreSQL ends the session on its side by idle_in_transaction_session_timeout or keepalive.
 * And end() closes the socket itself when the server does not answer the goodbye in time: over a silent
 * network it would otherwise wait forever (a pool's removal, the relay's and the clock's shutdown).
 */
export class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const dropIfSilent = (error: unknown) => {
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.connection.stream.destroy();
    };
    // drizzle's transaction on a pool awaits BEGIN before the try whose finally releases the client: a BEGIN that
    // fails (a connection lost or silent) would hold its pool slot for good. The client goes back, as broken. Only
    // on the promise path, drizzle's: a callback's caller (pg-pool's own query) releases the client itself.
    const releaseIfBeginFailed = (statement: unknown, error: unknown) => {
      const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | undefined)?.text;
      const release = (this as { release?: (error: Error) => void }).release;
      if (!release || typeof text !== 'string' || !/^\s*begin\b/i.test(text)) return;
      try {
        release(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // Released already (the client was not checked out for this BEGIN): nothing is held.
      }
    };
    this.query = ((...args: unknown[]) => {
      countStatement();
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, ...rest: unknown[]) => {
          dropIfSilent(error);
          (callback as (...values: unknown[]) => void)(error, ...rest);
        };
      }
      const result = query(...args);
      // A second reader of the promise: the caller still gets the rejection.
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          dropIfSilent(error);
          releaseIfBeginFailed(args[0], error);
        });
      }
      return result;
    }) as pg.Client['query'];

    const end = this.end.bind(this) as (...args: unknown[]) => unknown;
    this.end = ((...args: unknown[]) => {
      const timer = setTimeout(() => this.connection.stream.destroy(), END_TIMEOUT_MS);
      timer.unref();
      this.once('end', () => clearTimeout(timer));
      return end(...args);
    }) as pg.Client['end'];
  }
}

/**
 * Connection options for every PostgreSQL connection the app opens (the main pool, the realtime pools, the
 * relay's LISTEN and the chain clock's lock connection copy them): connection and query timeouts, statement
 * and idle-in-transaction timeouts on the server, TCP keepalive, and BoundedClient.
 */
export function postgresPoolConfig(url: string, settings: PostgresSettings): pg.PoolConfig {
  return {
    connectionString: url,
    max: settings.poolMax,
    // Connections stay open however long they idle (node-postgres closes them after 10 s by default). A new
    // connection is a new PostgreSQL backend, whose first send compiles the PL/pgSQL functions and plans the prepared
    // statements again: 10 ms on an idle machine, 30–90 ms under load, paid by whoever sends after a quiet spell.
    idleTimeoutMillis: 0,
    // Waiting for a connection (a new one, or a free one from a busy pool) fails after this long instead of
    // hanging the request: an unreachable database answers 503 in seconds (plugins/error-handler.ts).
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.queryTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: settings.keepAliveDelayMs,
    Client: BoundedClient,
  };
}

/**
 * Counts PGlite's statements as BoundedClient counts PostgreSQL's (query-metrics.ts): each query and exec, and a
 * transaction's BEGIN and its COMMIT or ROLLBACK, which PGlite sends itself.
 */
function countPgliteStatements(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    countStatement();
    return query(...args);
  }) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => {
    countStatement();
    return exec(...args);
  }) as PGlite['exec'];
  client.transaction = ((work: Parameters<PGlite['transaction']>[0]) => {
    countStatement();
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((...args: Parameters<typeof tx.query>) => {
        countStatement();
        return txQuery(...args);
      }) as typeof tx.query;
      tx.exec = ((...args: Parameters<typeof tx.exec>) => {
        countStatement();
        return txExec(...args);
      }) as typeof tx.exec;
      return work(tx);
    }).finally(countStatement);
  }) as PGlite['transaction'];
}

/** Held while migrating, so processes starting together on a fresh database migrate one after another. */
const MIGRATION_LOCK_KEY = 0x46696e4d; // "FinM"

/**
 * Migrates on a connection of its own without statement or query timeouts: a migration, or the wait for another
 * process's, may rightly take longer than any request.
 */
async function migrateUnderLock(config: pg.PoolConfig): Promise<void> {
  const client = new pg.Client({ ...config, statement_timeout: 0, query_timeout: 0 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Opens the database and brings its schema up to date. `dataDir` undefined = in memory (tests).
 * Read-only tools (the ledger check) pass `shouldMigrate: false` so they never change a database.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { shouldMigrate?: boolean; postgres?: Partial<PostgresSettings> } = {},
): Promise<Database> {
  const shouldMigrate = options.shouldMigrate ?? true;
  if (target.kind === 'postgres') {
    const settings = { ...readPostgresSettings(), ...options.postgres };
    const config = postgresPoolConfig(target.url, settings);
    if (shouldMigrate) await migrateUnderLock(config);
    const pool = new pg.Pool(config);
    surviveLostConnections(pool);
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      dataDir: undefined,
      pool,
      postgres: settings,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
  const client = createPglite(target.dataDir, target.template);
  await client.waitReady;
  countPgliteStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (shouldMigrate) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    dataDir: target.dataDir,
    pool: undefined,
    postgres: undefined,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
