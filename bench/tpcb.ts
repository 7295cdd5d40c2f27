/**
 * The baseline the send figures are compared with: TPC-B's transaction (update an account, read it back,
 * update a teller and a branch, insert a history row) run directly on the database, no HTTP, no app.
 *
 * - PostgreSQL: pgbench's built-in TPC-B script (`pgbench -i -s 1`, then `pgbench -c N -j 2 -T …`) on a
 *   fresh database;
 * - PGlite: the same five statements in a loop on a fresh on-disk PGlite in this process (PGlite has one
 *   connection, so one client).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { withFreshDatabase } from './lib/postgres.ts';
import { localPostgresCpuMs } from './lib/postgres-cpu.ts';
import { progress, report } from './lib/report.ts';
import { withTempDir } from './lib/server.ts';

const run = promisify(execFile);

export async function benchTpcbPostgres(pgServerUrl: string, durationS: number, clientCounts: number[]): Promise<Map<number, number>> {
  return withFreshDatabase(pgServerUrl, async (databaseUrl) => {
    await run('pgbench', ['-i', '-q', '-s', '1', databaseUrl]);
    const tps = new Map<number, number>();
    for (const clients of clientCounts) {
      const postgresBefore = localPostgresCpuMs(databaseUrl);
      const { stdout } = await run('pgbench', ['-c', String(clients), '-j', '2', '-T', String(durationS), databaseUrl]);
      const postgresAfter = localPostgresCpuMs(databaseUrl);
      const match = /tps = ([\d.]+)/.exec(stdout);
      if (!match) throw new Error(`no tps in pgbench output:\n${stdout}`);
      const value = Number(match[1]);
      progress(`pgbench -c ${clients}: ${value.toFixed(0)} tps`);
      report(`tpcb_tps_pg${clients}`, value, 'tx/s', `pgbench TPC-B, scale 1, ${clients} clients, ${durationS} s`);
      const processed = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
      if (postgresBefore !== undefined && postgresAfter !== undefined && processed > 0) {
        const note = `the local PostgreSQL server's processes' CPU (user + system) over tpcb_tps_pg${clients} ÷ its ${processed} transactions`;
        report(`tpcb_cpu_ms_per_tx_pg${clients}`, (postgresAfter - postgresBefore) / processed, 'ms', note);
      }
      tps.set(clients, value);
    }
    return tps;
  });
}

export async function benchTpcbPglite(durationS: number): Promise<number> {
  return withTempDir('fincrypt-bench-tpcb-', async (dir) => {
    const db = new PGlite(dir);
    try {
      await db.exec(`
        create table branches (bid int primary key, bbalance int);
        create table tellers (tid int primary key, bid int, tbalance int);
        create table accounts (aid int primary key, bid int, abalance int);
        create table history (tid int, bid int, aid int, delta int, mtime timestamp);
        insert into branches select 1, 0;
        insert into tellers select t, 1, 0 from generate_series(1, 10) t;
        insert into accounts select a, 1, 0 from generate_series(1, 100000) a;`);
      let count = 0;
      const startedAt = performance.now();
      const endAt = startedAt + durationS * 1000;
      while (performance.now() < endAt) {
        const aid = 1 + Math.floor(Math.random() * 100_000);
        const tid = 1 + Math.floor(Math.random() * 10);
        const delta = Math.floor(Math.random() * 10_000) - 5_000;
        await db.transaction(async (tx) => {
          await tx.query('update accounts set abalance = abalance + $1 where aid = $2', [delta, aid]);
          await tx.query('select abalance from accounts where aid = $1', [aid]);
          await tx.query('update tellers set tbalance = tbalance + $1 where tid = $2', [delta, tid]);
          await tx.query('update branches set bbalance = bbalance + $1 where bid = 1', [delta]);
          await tx.query('insert into history values ($1, 1, $2, $3, now())', [tid, aid, delta]);
        });
        count += 1;
      }
      const tps = count / ((performance.now() - startedAt) / 1000);
      progress(`TPC-B loop on PGlite: ${tps.toFixed(0)} tps`);
      report('tpcb_tps_pglite', tps, 'tx/s', `TPC-B statements in a loop on PGlite (one connection, in-process), ${durationS} s`);
      return tps;
    } finally {
      await db.close();
    }
  });
}
