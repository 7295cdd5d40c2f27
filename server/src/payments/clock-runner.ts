import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { BoundedClient, type Database, type Db } from '../db/database.ts';
import * as schema from '../db/schema.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { NO_CHAINS, simulatedNetworks, type Chains } from '../chain/chains.ts';
import { createChainSync } from './chain-sync.ts';
import { createChainClock, type ChainClock } from './clock.ts';
import { deleteUnusedQuotesExpiredBefore, UNUSED_QUOTE_RETENTION_MS } from './quotes.ts';
import { deleteIdempotencyKeysBefore } from './send-store.ts';

/** The advisory lock every server process on one PostgreSQL competes for; its holder advances the chains. */
export const CHAIN_CLOCK_LOCK_KEY = 0x46696e43; // "FinC"
/** Idempotency keys are kept this long, then forgotten. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

export interface ClockRunnerOptions {
  database: Database;
  events: EventBus;
  timeScale: number;
  /** Wall-clock pause between two ticks (after one ends, before the next starts). */
  tickIntervalMs: number;
  /** How often a follower asks for the lock again. */
  leaderRetryMs?: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The networks on a real node: the leader indexes them and keeps their outbox, and the clock leaves them alone. */
  chains?: Chains;
}

/**
 * Bounds on the lock's connection, set on PostgreSQL's side of it: a leader that goes silent (a network that
 * drops its packets without closing anything) must lose the lock, or no other process could ever take over.
 * - idle_session_timeout (PostgreSQL 14+): the session ends after `silentMs` without a statement. The leader
 *   ticks, and a follower asks, several times within it, so only a silent one is ended.
 * - TCP keepalive and tcp_user_timeout (12+) on the server's socket: a peer gone from the network is noticed
 *   even by an older server.
 * Client-side, the pool's options bound connecting and every query (database.ts).
 */
async function boundSession(client: pg.Client, silentMs: number, keepAliveDelayMs: number): Promise<void> {
  const settings: string[] = [];
  const values: string[] = [];
  const set = (name: string, value: number, sinceVersion = 0) => {
    values.push(String(value));
    const call = `set_config('${name}', $${values.length}, false)`;
    settings.push(sinceVersion ? `case when current_setting('server_version_num')::int >= ${sinceVersion} then ${call} end` : call);
  };
  if (silentMs > 0) {
    set('idle_session_timeout', silentMs, 140_000);
    set('tcp_user_timeout', silentMs, 120_000);
  }
  if (keepAliveDelayMs > 0) {
    const idleSeconds = Math.max(1, Math.ceil(keepAliveDelayMs / 1000));
    set('tcp_keepalives_idle', idleSeconds);
    set('tcp_keepalives_interval', Math.max(1, Math.ceil(idleSeconds / 3)));
    set('tcp_keepalives_count', 3);
  }
  if (settings.length > 0) await client.query(`select ${settings.join(', ')}`, values);
}

interface Leadership {
  clock: ChainClock;
  db: Db;
  /** The dedicated connection that holds the advisory lock (PostgreSQL only). */
  client?: pg.Client;
}

/**
 * Runs the chain clock in this process when it leads. On PGlite the process is alone and always leads.
 * On PostgreSQL it takes a session-level advisory lock on a dedicated connection and does the clock's
 * work on that same connection: if the connection dies, the lock is released and the work stops with it,
 * and whichever process asks next takes over. Followers keep asking every `leaderRetryMs`.
 */
export function startClockRunner(options: ClockRunnerOptions) {
  const { database, events, timeScale, tickIntervalMs, log } = options;
  const chains = options.chains ?? NO_CHAINS;
  const networks = chains.size === 0 ? undefined : simulatedNetworks(chains);
  const chainSync = createChainSync({ chains, events, log, timeScale });
  const leaderRetryMs = options.leaderRetryMs ?? 2_000;
  const bounds = database.postgres;
  /** How long the lock's connection may be silent before PostgreSQL ends it: at least three of our own beats. */
  const silentMs = !bounds?.idleSessionTimeoutMs ? 0 : Math.max(bounds.idleSessionTimeoutMs, 3 * Math.max(tickIntervalMs, leaderRetryMs));
  let leadership: Leadership | undefined;
  let follower: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  let lastHousekeepingMs = 0;
  let tickCount = 0;

  async function becomeLeader(): Promise<Leadership | undefined> {
    if (database.kind === 'pglite') return { db: database.db, clock: createChainClock({ db: database.db, events, timeScale, networks }) };
    if (!database.pool) throw new Error('a PostgreSQL database without a pool');
    if (!follower) {
      const client = new BoundedClient(database.pool.options);
      client.on('error', (error) => log.warn({ err: error }, 'chain clock connection failed'));
      try {
        await client.connect();
        await boundSession(client, silentMs, bounds?.keepAliveDelayMs ?? 0);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      follower = client;
    }
    const { rows } = await follower.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [CHAIN_CLOCK_LOCK_KEY]);
    if (!rows[0]?.locked) return undefined;
    const client = follower;
    follower = undefined;
    const db = drizzle(client, { schema }) as unknown as Db;
    log.info('this process now advances the chains');
    return { client, db, clock: createChainClock({ db, events, timeScale, networks }) };
  }

  async function dropConnections() {
    const clients = [leadership?.client, follower].filter((client): client is pg.Client => client !== undefined);
    leadership = undefined;
    follower = undefined;
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
  }

  async function step() {
    try {
      leadership ??= await becomeLeader();
      if (!leadership) return;
      await leadership.clock.tick(Date.now());
      await chainSync.step(leadership.db);
      tickCount += 1;
      if (Date.now() - lastHousekeepingMs >= HOUSEKEEPING_INTERVAL_MS) {
        lastHousekeepingMs = Date.now();
        await deleteIdempotencyKeysBefore(leadership.db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS));
        // Firm quotes nobody used are kept an hour past their expiry, then forgotten (used ones stay with their transaction).
        await deleteUnusedQuotesExpiredBefore(leadership.db, new Date(Date.now() - UNUSED_QUOTE_RETENTION_MS));
      }
    } catch (error) {
      if (isStopped) return;
      log.warn({ err: error }, 'chain clock tick failed; will retry');
      // A broken connection may have lost the lock: start over with a fresh one.
      if (database.kind === 'postgres') await dropConnections();
    }
  }

  function schedule(delayMs: number) {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = step().finally(() => {
        running = undefined;
        schedule(leadership ? tickIntervalMs : leaderRetryMs);
      });
    }, delayMs);
  }

  schedule(0);

  return {
    isLeader: () => leadership !== undefined,
    tickCount: () => tickCount,
    /** Stops ticking, waits for a tick in progress, and releases the lock. */
    async stop(): Promise<void> {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await dropConnections();
    },
  };
}

export type ClockRunner = ReturnType<typeof startClockRunner>;
