/**
 * The chain clock with 100,000 pending transactions (docs/decisions/004-performance-under-load.md), on
 * PostgreSQL and on PGlite (on disk, as `npm start` uses), through the clock's own code
 * (server/src/chain/clock.ts, clock-runner.ts) in this process:
 *
 * - confirm_lag_ms_100k: confirmation lag as users see it. 100,000 pending transactions whose inclusion
 *   times are spread over the minute after the window (so they stay pending throughout), plus probe
 *   transactions falling due one after another during the window; the clock runner runs as the server runs
 *   it (chain time = wall clock, a tick every 300 ms). Lag = when the clock published a probe's
 *   `confirmed` status − the probe's inclusion time; p50 and p99 over the probes.
 * - confirm_burst_ms_100k: all 100,000 due at the same instant; how long one tick takes to confirm them all.
 *
 * Each kind gets one fresh database: the burst first (full runs only), then both tables emptied (TRUNCATE:
 * new, empty table and index files) for the steady case.
 */
import { randomUUID } from 'node:crypto';
import { getNetwork } from '@fincrypt/domain';
import { sql } from 'drizzle-orm';
import { createChainClock } from '../server/src/chain/clock.ts';
import { startClockRunner } from '../server/src/chain/clock-runner.ts';
import { createEventBus } from '../server/src/chain/events.ts';
import { generateKeyPair } from '../server/src/chain/keys.ts';
import { defaultTickIntervalMs } from '../server/src/config.ts';
import { type Database, type DatabaseTarget, openDatabase } from '../server/src/db/database.ts';
import { withFreshDatabase } from './lib/postgres.ts';
import { progress, report, warn } from './lib/report.ts';
import { withTempDir } from './lib/server.ts';
import { summarize } from './lib/stats.ts';

export const CONFIRM_LAG_PENDING = 100_000;

/** Probe transactions, due at even intervals over a window of `windowMs`. */
export interface LagProbes {
  count: number;
  windowMs: number;
}

interface Sender {
  userId: string;
  walletId: string;
  address: string;
}

async function createSender(database: Database): Promise<Sender> {
  const userId = randomUUID();
  await database.db.execute(sql`insert into users (id, name, email) values (${userId}, 'Lag', ${`${userId}@example.com`})`);
  const address = generateKeyPair(getNetwork('eth_sepolia')).address;
  const [wallet] = (
    (await database.db.execute(
      sql`insert into wallets (user_id, network, address, public_key, encrypted_private_key, balance)
          values (${userId}, 'eth_sepolia', ${address}, '-', '-', 0) returning id`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  return { userId, walletId: wallet!.id, address };
}

/**
 * `count` pending sends of `sender`, included at `includeAtSql` (an SQL expression of the row number i),
 * hashes prefixed by `tag` so runs do not collide.
 */
async function insertPending(database: Database, sender: Sender, count: number, tag: string, includeAtSql: ReturnType<typeof sql>) {
  await database.db.execute(sql`
    insert into transactions (hash, network, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
      effective_gas_price, nonce, speed, status, confirmations, created_at, include_at, next_confirmation_at)
    select '0x' || md5(${tag}::text || i) || md5(${tag}::text || (i + 1)), 'eth_sepolia', 'send', ${sender.walletId}, ${sender.userId},
      ${sender.address}, ${sender.address}, 1, 0, 21000, 0, i, 'fast', 'pending', 0, now() - interval '20 seconds', at, at
    from (select i, ${includeAtSql} as at from generate_series(1, ${count}::int) i) seeded`);
}

/** All 100,000 due now: how long one tick takes to confirm them all (ms). */
async function burst(database: Database, sender: Sender): Promise<number> {
  await insertPending(database, sender, CONFIRM_LAG_PENDING, 'burst', sql`now() - interval '1 second'`);
  await database.db.execute(sql`analyze transactions`);
  const clock = createChainClock({ db: database.db, events: createEventBus(), timeScale: 1 });
  const startedAt = performance.now();
  const result = await clock.tick(Date.now());
  const elapsedMs = performance.now() - startedAt;
  if (result.included !== CONFIRM_LAG_PENDING) throw new Error(`one tick confirmed ${result.included} of ${CONFIRM_LAG_PENDING} due transactions`);
  return elapsedMs;
}

/** 100,000 pending that stay pending, probes falling due during the window: how late each probe is confirmed. */
async function steady(database: Database, sender: Sender, probes: LagProbes) {
  // Included 30 to 90 s after now: none falls due during the window (as long as seeding takes under 30 s).
  await insertPending(
    database,
    sender,
    CONFIRM_LAG_PENDING,
    'pending',
    sql`now() + make_interval(secs => ${probes.windowMs / 1000 + 30}::float8) + random() * interval '60 seconds'`,
  );
  await database.db.execute(sql`analyze transactions`);

  const windowStart = Date.now() + 1_000;
  const spacingMs = probes.windowMs / probes.count;
  const dueAt = new Map<string, number>();
  const probeRows = Array.from({ length: probes.count }, (_, k) => {
    const due = Math.round(windowStart + k * spacingMs);
    const hash = `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
    dueAt.set(hash, due);
    return { hash, due: new Date(due).toISOString(), nonce: CONFIRM_LAG_PENDING + 1 + k };
  });
  await database.db.execute(sql`
    insert into transactions (hash, network, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
      effective_gas_price, nonce, speed, status, confirmations, created_at, include_at, next_confirmation_at)
    select probe.hash, 'eth_sepolia', 'send', ${sender.walletId}, ${sender.userId}, ${sender.address}, ${sender.address},
      1, 0, 21000, 0, probe.nonce, 'fast', 'pending', 0, now(), probe.due, probe.due
    from json_to_recordset(${JSON.stringify(probeRows)}::json) as probe(hash text, due timestamptz, nonce int)`);

  const lags = new Map<string, number>();
  const events = createEventBus();
  events.subscribe(({ event, payload }) => {
    if (event !== 'transaction_status' || (payload as { status: string }).status !== 'confirmed') return;
    const { hash } = payload as { hash: string };
    const due = dueAt.get(hash);
    if (due !== undefined && !lags.has(hash)) lags.set(hash, Date.now() - due);
  });
  const runner = startClockRunner({
    database,
    events,
    timeScale: 1,
    tickIntervalMs: defaultTickIntervalMs(1),
    log: { info: () => {}, warn: (...args: unknown[]) => warn(`clock runner: ${JSON.stringify(args)}`), error: (...args: unknown[]) => warn(`clock runner: ${JSON.stringify(args)}`) } as never,
  });
  const giveUpAt = windowStart + probes.windowMs + 5_000;
  while (lags.size < probes.count && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 100));
  await runner.stop();
  const stoppedAt = Date.now();
  const values = [...lags.values()];
  // A probe still pending when we stopped was at least that late: counted so, the percentiles stay honest.
  for (const [hash, due] of dueAt) if (!lags.has(hash)) values.push(stoppedAt - due);
  const [{ confirmed } = { confirmed: 0 }] = (
    (await database.db.execute(
      sql`select count(*)::int as confirmed from transactions where status = 'confirmed' and nonce <= ${CONFIRM_LAG_PENDING}`,
    )) as unknown as { rows: { confirmed: number }[] }
  ).rows;
  if (confirmed > 0) warn(`confirm lag: ${confirmed} of the 100,000 background transactions were confirmed during the window (seeding too slow?)`);
  return { ...summarize(values), missing: probes.count - lags.size };
}

async function measure(target: DatabaseTarget, probes: LagProbes, withBurst: boolean, suffix: string, label: string): Promise<void> {
  const database = await openDatabase(target);
  try {
    const sender = await createSender(database);
    if (withBurst) {
      const burstMs = await burst(database, sender);
      progress(`confirm burst on ${label}: ${burstMs.toFixed(0)} ms`);
      report(`confirm_burst_ms_100k${suffix}`, burstMs, 'ms', `one clock tick confirming 100,000 transactions due at the same instant, ${label}`);
      await database.db.execute(sql`truncate fraud_alerts, transactions`);
    }
    const lag = await steady(database, sender, probes);
    progress(`confirm lag on ${label}: p50 ${lag.p50.toFixed(0)} / p99 ${lag.p99.toFixed(0)} / max ${lag.max.toFixed(0)} ms over ${lag.count} probes`);
    const note = `${probes.count} probes due over ${probes.windowMs / 1000} s among 100,000 pending; confirmed status published − inclusion time; clock runner at scale 1, a tick every ${defaultTickIntervalMs(1)} ms; ${label}${lag.missing ? `; ${lag.missing} probes never confirmed, counted as at the end of waiting (lower bound)` : ''}`;
    report(`confirm_lag_p50_ms_100k${suffix}`, lag.p50, 'ms', note);
    report(`confirm_lag_ms_100k${suffix}`, lag.p99, 'ms', `p99; ${note}`);
    report(`confirm_lag_max_ms_100k${suffix}`, lag.max, 'ms');
    if (lag.missing) warn(`confirm lag on ${label}: ${lag.missing} probes were never confirmed`);
  } finally {
    await database.close();
  }
}

/** `withBurst`: also the burst case (full runs). */
export async function benchConfirmLagPostgres(pgServerUrl: string, probes: LagProbes, withBurst: boolean): Promise<void> {
  await withFreshDatabase(pgServerUrl, (url) => measure({ kind: 'postgres', url }, probes, withBurst, '', 'PostgreSQL'));
}

export async function benchConfirmLagPglite(probes: LagProbes, withBurst: boolean): Promise<void> {
  await withTempDir('fincrypt-bench-lag-', (dataDir) => measure({ kind: 'pglite', dataDir }, probes, withBurst, '_pglite', 'PGlite on disk'));
}
