import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { BoundedClient, type Database, openDatabase } from './database.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createEmptyPostgresDatabase, describeOnPostgres } from '../test/test-database.ts';

describeOnPostgres('opening one fresh PostgreSQL database from several processes at once', () => {
  it('migrates once, in turn, and every opener gets a working database', async () => {
    const target = await createEmptyPostgresDatabase();
    try {
      // Four servers starting together (a scale-out deploy): without the migration lock, two of them
      // race on CREATE SCHEMA and one start fails.
      const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: target.url })));
      try {
        for (const database of opened) await expect(database.ping()).resolves.not.toThrow();
        const { rows } = await opened[0]!.pool!.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
        expect(rows[0]?.count).toBeGreaterThan(0);
      } finally {
        await Promise.all(opened.map((database) => database.close()));
      }
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('bounds every connection: statement and idle-in-transaction timeouts on the server, query timeout and keepalive here', async () => {
    const target = await createEmptyPostgresDatabase();
    try {
      const database = await openDatabase({ kind: 'postgres', url: target.url }, { postgres: { statementTimeoutMs: 7_000, idleInTransactionTimeoutMs: 8_000, queryTimeoutMs: 9_000 } });
      try {
        const { rows } = await database.pool!.query<{ statement: string; idle: string }>(
          `select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
        );
        expect(rows[0]).toEqual({ statement: '7s', idle: '8s' });
        expect(database.pool!.options).toMatchObject({ query_timeout: 9_000, keepAlive: true, Client: BoundedClient });
        // Through drizzle too (the app's queries), and in a transaction.
        const inTransaction = await database.db.transaction(
          async (tx) => ((await tx.execute(sql`show statement_timeout`)) as unknown as { rows: unknown[] }).rows,
        );
        expect(inTransaction).toEqual([{ statement_timeout: '7s' }]);
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('keeps an idle connection open, so a statement after a quiet spell meets the same, warm backend', async () => {
    const target = await createEmptyPostgresDatabase();
    try {
      const database = await openDatabase({ kind: 'postgres', url: target.url });
      const backendPid = async () => (await database.pool!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      // The pool's idle timer is a setTimeout: a minute of it passes at once.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const before = await backendPid();
        vi.advanceTimersByTime(60_000);
        expect(database.pool!.totalCount).toBe(1);
        expect(await backendPid()).toBe(before);
      } finally {
        vi.useRealTimers();
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });

  /**
   * A fresh database whose one pooled connection goes through a proxy the test can silence: node-postgres alone would
   * put a silent connection back after the timeout, and a pool of one shows any slot that is never given back.
   */
  async function withPoolOfOneThroughProxy(test: (database: Database, proxy: TcpProxy) => Promise<void>) {
    const target = await createEmptyPostgresDatabase();
    const upstream = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    try {
      const database = await openDatabase({ kind: 'postgres', url: proxy.rewrite(target.url) }, { postgres: { poolMax: 1, queryTimeoutMs: 300, connectionTimeoutMs: 1_000 } });
      try {
        await test(database, proxy);
      } finally {
        await database.close();
      }
    } finally {
      await proxy.close();
      await target.drop();
    }
  }

  it('closes a connection whose query got no answer, so the pool never hands it out again', () =>
    withPoolOfOneThroughProxy(async (database, proxy) => {
      const forwardedBefore = proxy.counts().forwarded;
      const failed = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.stop('blackhole');
        await tx.execute(sql`select 2`);
      });
      await expect(failed).rejects.toThrow();
      proxy.resume();
      // The next query gets a new connection at once: the silent one was closed and discarded.
      await expect(database.ping()).resolves.toBeUndefined();
      expect(proxy.counts().forwarded).toBe(forwardedBefore + 2);
    }));

  it('gives back the pool slot of a transaction whose BEGIN got no answer', () =>
    withPoolOfOneThroughProxy(async (database, proxy) => {
      await database.ping();
      // The pool's one connection goes silent: the next transaction's BEGIN times out.
      proxy.stop('blackhole');
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      proxy.resume();
      // Were its slot still held, the pool of one could never hand out a connection again.
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 2`))).resolves.toBeDefined();
      await expect(database.ping()).resolves.toBeUndefined();
    }));
});
