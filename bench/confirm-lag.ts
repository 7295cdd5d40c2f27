/**
 * The chain clock with 100,000 pending transactions (docs/decisions/004-performance-under-load.md), on
 * PostgreSQL and on PGlite (on disk, as `npm start` uses), in a server process started as `npm start` starts
 * it, with chain time = wall clock and a tick every 300 ms (the server's default at that scale). The
 * transactions are written with SQL into the database the server migrated, under an account signed up over
 * HTTP; the server's clock moves them along:
 *
 * - confirm_lag_ms_100k: confirmation lag as users see it. 100,000 pending transactions whose inclusion
 *   times are spread over the minute after the window (so they stay pending throughout), plus probe
 *   transactions falling due one after another during the window. Lag = when the probe's `confirmed`
 *   status reached the account's realtime socket − the probe's inclusion time; p50 and p99 over the probes.
 * - confirm_burst_ms_100k: all 100,000 due at the same instant; how long the one tick that confirms them all
 *   takes, from the server's own tick count (`GET /api/health`), polled every 20 ms.
 *
 * Each kind gets one fresh database: the burst first (full runs only), then both tables emptied (TRUNCATE:
 * new, empty table and index files) for the steady case. PostgreSQL is seeded beside the running server;
 * PGlite belongs to one process at a time, so there the server is stopped for seeding and started again,
 * and the measured probes are those falling due after it has come back.
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { RealtimeEvents } from '@fincrypt/domain';
import { http } from '@fincrypt/test-support';
import pg from 'pg';
import { withFreshDatabase } from './lib/postgres.ts';
import { progress, report, warn } from './lib/report.ts';
import { openUserSocket } from './lib/socket.ts';
import { type BenchServer, startBenchServer, withTempDir } from './lib/server.ts';
import { summarize } from './lib/stats.ts';
import { type BenchUser, signUpUsers } from './lib/users.ts';

export const CONFIRM_LAG_PENDING = 100_000;

/** The server's tick interval at chain time scale 1 (config.ts: defaultTickIntervalMs(1)), set explicitly so the figures always mean it. */
const TICK_MS = 300;
const LAG_SERVER_ENV = { CHAIN_TIME_SCALE: '1', CHAIN_TICK_MS: String(TICK_MS) };

/** Probe transactions, due at even intervals over a window of `windowMs`. */
export interface LagProbes {
  count: number;
  windowMs: number;
}

type Query = <R>(text: string, params?: unknown[]) => Promise<R[]>;

interface Target {
  label: string;
  suffix: string;
  /** What the server process needs to open this database. */
  env: Record<string, string>;
  /** SQL on the database; on PGlite only while no server process holds it. */
  withSql: <T>(use: (query: Query) => Promise<T>) => Promise<T>;
  /** PGlite: the server holds the database alone, so seeding happens between two runs of the server. */
  isExclusive: boolean;
}

/** The server process of one measurement, restartable around seeding on PGlite. */
interface Session {
  target: Target;
  server: BenchServer;
  sender: BenchUser;
  /** How long the first start took (spawn → /api/health answers), migrations included. */
  firstStartMs: number;
}

async function startLagServer(target: Target): Promise<{ server: BenchServer; startMs: number }> {
  const startedAt = Date.now();
  const server = await startBenchServer({ ...LAG_SERVER_ENV, ...target.env });
  return { server, startMs: Date.now() - startedAt };
}

/**
 * Runs `seed` with SQL: beside the server on PostgreSQL; on PGlite with the server stopped, then started
 * again. `seed` gets how long the server will need to come back (0 on PostgreSQL) to place due times after it.
 */
async function seedWith<T>(session: Session, seed: (query: Query, restartAllowanceMs: number) => Promise<T>): Promise<T> {
  const { target } = session;
  if (!target.isExclusive) return target.withSql((query) => seed(query, 0));
  await session.server.close();
  // Generous: the first start also migrated an empty database; this one opens 100,000 rows more.
  const allowanceMs = Math.max(5_000, 2 * session.firstStartMs) + 2_000;
  const seedingStartedAt = Date.now();
  const result = await target.withSql((query) => seed(query, allowanceMs));
  const { server, startMs } = await startLagServer(target);
  session.server = server;
  progress(`server on ${target.label} stopped, seeded in ${Date.now() - seedingStartedAt - startMs} ms, back after ${startMs} ms (allowed ${allowanceMs} ms)`);
  return result;
}

/** The same afterwards: SQL beside the server, or once it has stopped. */
async function inspectWith<T>(session: Session, inspect: (query: Query) => Promise<T>): Promise<T> {
  if (session.target.isExclusive) await session.server.close();
  return session.target.withSql(inspect);
}

/**
 * `count` pending sends of `sender`, included at `includeAtSql` (an SQL expression of the row number i,
 * built by this file from numbers only), hashes prefixed by `tag` so runs do not collide.
 */
async function insertPending(query: Query, sender: BenchUser, count: number, tag: string, includeAtSql: string): Promise<void> {
  // Without triggers on this seeding connection: the search's side table (0007) costs each inserted row about 0.25 ms,
  // which took seeding past the burst's allowance. No measured statement reads or writes that table (the clock's
  // updates never fire its trigger), and the rows are truncated with it afterwards.
  await query('set session_replication_role = replica');
  await query(
    `insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
       effective_gas_price, nonce, speed, status, confirmations, created_at, include_at, next_confirmation_at)
     select '0x' || md5($1::text || i) || md5($1::text || (i + 1)), 'eth_sepolia', 'ETH', 'send', $2::uuid, $3::text,
       $4::text, $4::text, 1, 0, 21000, 0, i, 'fast', 'pending', 0, now() - interval '20 seconds', at, at
     from (select i, ${includeAtSql} as at from generate_series(1, $5::int) i) seeded`,
    [tag, sender.walletId, sender.id, sender.address, count],
  );
  await query('set session_replication_role = origin');
}

const timestampSql = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;

/** How often the burst's watcher asks the server for its tick count. */
const TICK_POLL_MS = 20;

/**
 * How long the first tick after `dueAt` takes, from the server's tick count (`GET /api/health`), polled
 * every TICK_POLL_MS. The runner starts a tick TICK_MS after the previous one finished: a tick that ends the
 * count k−1 at C(k−1) and k at C(k) took C(k) − C(k−1) − TICK_MS, to within the polling's resolution.
 * Ticks with nothing due take a few ms; the first one starting after `dueAt` is the first slow one.
 */
async function timeFirstTickAfter(url: string, dueAt: number): Promise<{ ms: number; ticks: number }> {
  /** The last change of the count seen, and when (undefined until one has been seen change). */
  let changed: { ticks: number; at: number } | undefined;
  let last: number | undefined;
  const giveUpAt = dueAt + 120_000;
  for (;;) {
    const response = await http(url, 'GET', '/api/health');
    const at = Date.now();
    if (response.status !== 200) throw new Error(`GET /api/health answered ${response.status}: ${response.text}`);
    const ticks = (response.json() as { chainClock?: { ticks: number } }).chainClock?.ticks;
    if (ticks === undefined) throw new Error('GET /api/health does not report the chain clock');
    if (last !== undefined && ticks !== last) {
      if (changed) {
        const startedAt = changed.at + TICK_MS;
        const ms = at - startedAt;
        if (startedAt > dueAt - TICK_MS && ms > 100) return { ms, ticks: ticks - changed.ticks };
      } else if (at > dueAt) {
        throw new Error('the tick count did not change before the burst fell due');
      }
      changed = { ticks, at };
    }
    last = ticks;
    if (at > giveUpAt) throw new Error('no slow tick within 2 minutes of the burst falling due');
    await new Promise((resolve) => setTimeout(resolve, TICK_POLL_MS));
  }
}

/** All 100,000 due at one instant: how long the one tick that confirms them takes (ms). */
async function burst(session: Session): Promise<number> {
  const dueAt = await seedWith(session, async (query, allowanceMs) => {
    // Due once the seeding (and, on PGlite, the restart) is surely over.
    const due = Date.now() + (session.target.isExclusive ? 15_000 : 8_000) + allowanceMs;
    await insertPending(query, session.sender, CONFIRM_LAG_PENDING, 'burst', timestampSql(due));
    await query('analyze transactions');
    return due;
  });
  if (Date.now() > dueAt - 2 * TICK_MS) {
    throw new Error(`the burst's transactions fell due ${Date.now() - dueAt} ms before the server could be watched (seeding or start-up too slow)`);
  }
  const tick = await timeFirstTickAfter(session.server.url, dueAt);
  if (tick.ticks !== 1) warn(`confirm burst on ${session.target.label}: ${tick.ticks} ticks finished between two polls; the figure spans them`);
  // The one tick confirmed them all (later ticks only add confirmations); on PGlite this waits for the server to stop.
  const pending = await inspectWith(session, async (query) => {
    const [row] = await query<{ pending: number }>(`select count(*)::int as pending from transactions where status = 'pending'`);
    // Every table that names transactions goes with it (PostgreSQL refuses otherwise): payment_quotes and transactions
    // name each other (0004); mints (0003), payment_requests (0005) and the search's side table (0007) name it too.
    await query('truncate fraud_alerts, transaction_search_terms, mints, payment_requests, transactions, payment_quotes');
    return row?.pending ?? 0;
  });
  if (pending > 0) throw new Error(`${pending} of ${CONFIRM_LAG_PENDING} due transactions were still pending after the burst's tick`);
  return tick.ms;
}

/**
 * 100,000 pending that stay pending, probes falling due during the window: how late each probe's
 * confirmation reaches the user.
 *
 * On PGlite the probes are written before the server comes back, and how long it takes to come back varies:
 * they are written at the same spacing from 1 s after the seeding to the end of the longest allowed restart
 * plus the window, and the window is the `count` of them falling due from 1 s after the server and socket
 * are ready. The earlier ones are confirmed unwatched, as any pending transaction would be.
 */
async function steady(session: Session, probes: LagProbes) {
  const dueAt = new Map<string, number>();
  const lags = new Map<string, number>();
  const onStatus = ({ hash, status }: RealtimeEvents['transaction_status']) => {
    const due = dueAt.get(hash);
    if (status === 'confirmed' && due !== undefined && !lags.has(hash)) lags.set(hash, Date.now() - due);
  };
  const connect = async () => {
    const { url } = session.server;
    const socket = openUserSocket(url, session.sender.cookie);
    socket.on('transaction_status', onStatus);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`socket handshake failed: ${error.message}`)));
    });
    return socket;
  };

  // PostgreSQL: the socket is there before the probes are written.
  let socket = session.target.isExclusive ? undefined : await connect();
  const spacingMs = probes.windowMs / probes.count;
  const written = await seedWith(session, async (query, allowanceMs) => {
    // Included 30 to 90 s after the (latest possible) window: none falls due during it, as long as seeding takes under 30 s.
    const fromS = (allowanceMs + probes.windowMs) / 1000 + 30;
    await insertPending(
      query,
      session.sender,
      CONFIRM_LAG_PENDING,
      'pending',
      `now() + make_interval(secs => ${fromS}::float8) + random() * interval '60 seconds'`,
    );
    await query('analyze transactions');
    const first = Date.now() + 1_000;
    const rows = Array.from({ length: Math.ceil((allowanceMs + probes.windowMs) / spacingMs) }, (_, k) => ({
      hash: `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`,
      due: Math.round(first + k * spacingMs),
      nonce: CONFIRM_LAG_PENDING + 1 + k,
    }));
    await query(
      `insert into transactions (hash, network, asset, type, wallet_id, user_id, from_address, to_address, amount, fee, gas_used,
         effective_gas_price, nonce, speed, status, confirmations, created_at, include_at, next_confirmation_at)
       select probe.hash, 'eth_sepolia', 'ETH', 'send', $1::uuid, $2::text, $3::text, $3::text,
         1, 0, 21000, 0, probe.nonce, 'fast', 'pending', 0, now(), probe.due, probe.due
       from json_to_recordset($4::json) as probe(hash text, due timestamptz, nonce int)`,
      [session.sender.walletId, session.sender.id, session.sender.address, JSON.stringify(rows.map((row) => ({ ...row, due: new Date(row.due).toISOString() })))],
    );
    return rows;
  });
  // PGlite: the window starts 1 s after the server and socket are back.
  let readyAt = 0;
  if (!socket) {
    socket = await connect();
    readyAt = Date.now();
  }
  const watched = written.filter((probe) => probe.due >= readyAt + 1_000).slice(0, probes.count);
  for (const probe of watched) dueAt.set(probe.hash, probe.due);
  if (watched.length < probes.count) {
    warn(`confirm lag on ${session.target.label}: the server came back so late that only ${watched.length} of ${probes.count} probes are left to watch`);
  }
  if (watched.length === 0) throw new Error(`confirm lag on ${session.target.label}: no probe left to watch`);
  const windowStart = watched[0]!.due;

  const giveUpAt = windowStart + probes.windowMs + 5_000;
  while (lags.size < watched.length && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 100));
  const stoppedAt = Date.now();
  socket.close();
  const values = [...lags.values()];
  // A probe whose confirmation had not arrived when we stopped was at least that late: counted so, the percentiles stay honest.
  for (const [hash, due] of dueAt) if (!lags.has(hash)) values.push(stoppedAt - due);
  const confirmed = await inspectWith(session, async (query) => {
    const [row] = await query<{ confirmed: number }>(
      `select count(*)::int as confirmed from transactions where status = 'confirmed' and nonce <= $1::int`,
      [CONFIRM_LAG_PENDING],
    );
    return row?.confirmed ?? 0;
  });
  if (confirmed > 0) warn(`confirm lag: ${confirmed} of the 100,000 background transactions were confirmed during the window (seeding too slow?)`);
  return { ...summarize(values), missing: watched.length - lags.size };
}

async function measure(target: Target, probes: LagProbes, withBurst: boolean): Promise<void> {
  const { label, suffix } = target;
  const first = await startLagServer(target);
  try {
    const [sender] = await signUpUsers(first.server.url, 1, 'lag');
    const session: Session = { target, server: first.server, sender: sender!, firstStartMs: first.startMs };
    try {
      if (withBurst) {
        const burstMs = await burst(session);
        progress(`confirm burst on ${label}: ${burstMs.toFixed(0)} ms`);
        report(
          `confirm_burst_ms_100k${suffix}`,
          burstMs,
          'ms',
          `one clock tick of a server process confirming 100,000 transactions due at the same instant (from its tick count in /api/health), ${label}`,
        );
        // On PGlite the server stopped for the truncation; the steady case starts it again after seeding.
      }
      const lag = await steady(session, probes);
      progress(`confirm lag on ${label}: p50 ${lag.p50.toFixed(0)} / p99 ${lag.p99.toFixed(0)} / max ${lag.max.toFixed(0)} ms over ${lag.count} probes`);
      const note =
        `${probes.count} probes due over ${probes.windowMs / 1000} s among 100,000 pending; confirmed status on the user's socket − inclusion time; ` +
        `a server process at chain time scale 1, a tick every ${TICK_MS} ms; ${label}` +
        (lag.missing ? `; ${lag.missing} probes never confirmed, counted as at the end of waiting (lower bound)` : '');
      report(`confirm_lag_p50_ms_100k${suffix}`, lag.p50, 'ms', note);
      report(`confirm_lag_ms_100k${suffix}`, lag.p99, 'ms', `p99; ${note}`);
      report(`confirm_lag_max_ms_100k${suffix}`, lag.max, 'ms');
      if (lag.missing) warn(`confirm lag on ${label}: ${lag.missing} probes were never confirmed`);
    } finally {
      await session.server.close();
    }
  } finally {
    await first.server.close();
  }
}

/** `withBurst`: also the burst case (full runs). */
export async function benchConfirmLagPostgres(pgServerUrl: string, probes: LagProbes, withBurst: boolean): Promise<void> {
  await withFreshDatabase(pgServerUrl, (url) =>
    measure(
      {
        label: 'PostgreSQL',
        suffix: '',
        env: { DATABASE_URL: url },
        isExclusive: false,
        withSql: async (use) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            return await use(async (text, params) => (await client.query(text, params)).rows);
          } finally {
            await client.end();
          }
        },
      },
      probes,
      withBurst,
    ),
  );
}

export async function benchConfirmLagPglite(probes: LagProbes, withBurst: boolean): Promise<void> {
  await withTempDir('fincrypt-bench-lag-', (dataDir) =>
    measure(
      {
        label: 'PGlite on disk',
        suffix: '_pglite',
        env: { DATA_DIR: dataDir },
        isExclusive: true,
        withSql: async (use) => {
          // With the extensions the app's migrations create (server/src/db/pglite.ts): the trigram index is written on insert.
          const db = new PGlite(dataDir, { extensions: { pg_trgm } });
          await db.waitReady;
          try {
            return await use(async (text, params) => (await db.query(text, params)).rows as never);
          } finally {
            await db.close();
          }
        },
      },
      probes,
      withBurst,
    ),
  );
}
