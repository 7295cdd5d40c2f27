/**
 * `npm run bench` — send throughput and latency through HTTP against a real server process, beside a
 * TPC-B-style transfer run directly on the same database, and the chain clock's lag with 100,000 pending
 * transactions. Prints one JSON object per line: {"name": …, "value": …, "unit": …}.
 *
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  a PostgreSQL server for the *_pg* figures (skipped without)
 *   BENCH_SECONDS                               length of each load phase (default 10)
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { createChainClock } from '../server/src/chain/clock.ts';
import { createEventBus } from '../server/src/chain/events.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { generateKeyPair } from '../server/src/chain/keys.ts';
import { getNetwork } from '@fincrypt/domain';
import { http, type HttpUser, signUpOverHttp, startServerProcess } from '../server/src/test/server-process.ts';
import { createEmptyPostgresDatabase } from '../server/src/test/test-database.ts';

const run = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pgServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function report(name: string, value: number, unit: string) {
  console.log(JSON.stringify({ name, value: Math.round(value * 100) / 100, unit }));
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** `clients` loops, each with its own user and wallet, sending small amounts outside for `seconds`. */
async function sendLoad(url: string, users: { user: HttpUser; walletId: string; to: string }[], clients: number) {
  const latencies: number[] = [];
  let failures = 0;
  const endAt = Date.now() + seconds * 1000;
  await Promise.all(
    users.slice(0, clients).map(async ({ user, walletId, to }) => {
      while (Date.now() < endAt) {
        const startedAt = performance.now();
        const response = await http(url, 'POST', '/api/transactions', {
          cookie: user.cookie,
          body: { walletId, to, amount: '0.000001', speed: 'fast' },
          headers: { 'idempotency-key': randomUUID() },
        });
        latencies.push(performance.now() - startedAt);
        if (response.status !== 201) failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), failures };
}

async function prepareUsers(url: string, count: number) {
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const user = await signUpOverHttp(url, `Bench${i}`);
    const wallets = (await http(url, 'GET', '/api/wallets', { cookie: user.cookie })).json().wallets as { id: string; network: string }[];
    const walletId = wallets.find((wallet) => wallet.network === 'eth_sepolia')!.id;
    users.push({ user, walletId, to: generateKeyPair(getNetwork('eth_sepolia')).address });
  }
  return users;
}

async function benchSends(label: string, env: Record<string, string>, clientCounts: number[]) {
  const server = await startServerProcess({ ...env, RATE_LIMIT_SEND_PER_USER: '1000000', RATE_LIMIT_SIGN_UP_PER_IP: '1000', CHAIN_TIME_SCALE: '60' });
  try {
    const users = await prepareUsers(server.url, Math.max(...clientCounts));
    const results = new Map<number, Awaited<ReturnType<typeof sendLoad>>>();
    for (const clients of clientCounts) {
      const result = await sendLoad(server.url, users, clients);
      results.set(clients, result);
      const suffix = label === 'pglite' ? (clients === 8 ? 'pglite' : `pglite${clients}`) : `${label}${clients}`;
      report(`send_rps_${suffix}`, result.rps, 'req/s');
      report(`send_p50_ms_${suffix}`, result.p50, 'ms');
      report(`send_p99_ms_${suffix}`, result.p99, 'ms');
      report(`send_errors_${suffix}`, result.failures, 'count');
    }
    return results;
  } finally {
    await server.stop('SIGTERM');
  }
}

/** TPC-B's transaction (update account, teller, branch, insert history) in a loop on PGlite, one connection. */
async function tpcbOnPglite(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-tpcb-'));
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
    const endAt = Date.now() + seconds * 1000;
    while (Date.now() < endAt) {
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
    return count / seconds;
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function tpcbOnPostgres(url: string, clients: number): Promise<number> {
  await run('pgbench', ['-i', '-q', '-s', '1', url]);
  const { stdout } = await run('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), url]);
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`no tps in pgbench output:\n${stdout}`);
  return Number(match[1]);
}

/** 100,000 transactions due at once: how long one clock tick takes to confirm them all. */
async function confirmLag(url: string | undefined): Promise<number> {
  const database = url ? await openDatabase({ kind: 'postgres', url }) : await openDatabase({ kind: 'pglite' });
  try {
    const userId = randomUUID();
    await database.db.execute(sql`insert into users (id, name, email) values (${userId}, 'Lag', ${`${userId}@example.com`})`);
    const from = generateKeyPair(getNetwork('eth_sepolia')).address;
    const [wallet] = (
      (await database.db.execute(
        sql`insert into wallets (user_id, network, address, public_key, encrypted_private_key, balance)
            values (${userId}, 'eth_sepolia', ${from}, '-', '-', 0) returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await database.db.execute(sql`
      insert into transactions (hash, network, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
        effective_gas_price, nonce, speed, status, confirmations, created_at, include_at, next_confirmation_at)
      select '0x' || md5(i::text) || md5((i + 1)::text), 'eth_sepolia', 'send', ${wallet!.id}, ${userId}, ${from}, ${from},
        1, 0, 21000, 0, i, 'fast', 'pending', 0, now() - interval '20 seconds', now() - interval '1 second', now() - interval '1 second'
      from generate_series(1, 100000) i`);
    await database.db.execute(sql`analyze transactions`);
    const clock = createChainClock({ db: database.db, events: createEventBus(), timeScale: 1 });
    const startedAt = performance.now();
    const result = await clock.tick(Date.now());
    const elapsedMs = performance.now() - startedAt;
    if (result.included !== 100_000) throw new Error(`only ${result.included} of 100000 were confirmed`);
    return elapsedMs;
  } finally {
    await database.close();
  }
}

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-bench-'));
try {
  const pglite = await benchSends('pglite', { DATA_DIR: pgliteDir }, [8]);
  const tpcbPglite = await tpcbOnPglite();
  report('tpcb_tps_pglite', tpcbPglite, 'tx/s');
  report('send_rps_ratio_pglite', pglite.get(8)!.rps / tpcbPglite, 'ratio');
  report('confirm_lag_ms_100k_pglite', await confirmLag(undefined), 'ms');
} finally {
  fs.rmSync(pgliteDir, { recursive: true, force: true });
}

if (pgServerUrl) {
  process.env.TEST_DATABASE_URL = pgServerUrl;
  const target = await createEmptyPostgresDatabase();
  const tpcbTarget = await createEmptyPostgresDatabase();
  const lagTarget = await createEmptyPostgresDatabase();
  try {
    const pg = await benchSends('pg', { DATABASE_URL: target.url }, [8, 32]);
    for (const clients of [8, 32]) {
      const tps = await tpcbOnPostgres(tpcbTarget.url, clients);
      report(`tpcb_tps_pg${clients}`, tps, 'tx/s');
      report(`send_rps_ratio_pg${clients}`, pg.get(clients)!.rps / tps, 'ratio');
    }
    report('confirm_lag_ms_100k', await confirmLag(lagTarget.url), 'ms');
  } finally {
    await Promise.all([target.drop(), tpcbTarget.drop(), lagTarget.drop()]);
  }
} else {
  console.error('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: PostgreSQL figures skipped');
}
