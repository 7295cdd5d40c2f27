import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresPoolConfig } from '../db/database.ts';
import { DEFAULT_POSTGRES_SETTINGS } from '../config.ts';
import type { PublicEvent, UserEvent } from '../lib/event-bus.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { createEmptyPostgresDatabase, describeOnPostgres } from '../test/test-database.ts';
import { ALONE_TRUSTED_MS, batchAll, batchEvents, batchPublicEvents, EVENT_CHANNEL, notifyGroups, startEventRelay } from './event-relay.ts';

const statusEvent = (i: number): UserEvent => ({
  userId: `user-${i % 7}`,
  event: 'transaction_status',
  payload: { hash: `0x${i.toString(16).padStart(64, '0')}`, network: 'eth_sepolia', status: 'confirmed' },
});

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How many of the pool's queries have been answered so far, counted from now on. */
function countAnsweredQueries(pool: pg.Pool): () => number {
  let answered = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) =>
    query(...args).finally(() => {
      answered += 1;
    })) as typeof pool.query;
  return () => answered;
}

describe('event batches', () => {
  it('keeps every event, in order, in batches under the size limit', () => {
    const events = Array.from({ length: 500 }, (_, i) => statusEvent(i));
    const batches = batchEvents('me', events, 2_000);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(Buffer.byteLength(batch)).toBeLessThanOrEqual(2_000);
    expect(batches.flatMap((batch) => JSON.parse(batch).events)).toEqual(events);
    expect(batchEvents('me', [])).toEqual([]);
  });

  it('batches public explorer events apart from users’ events', () => {
    const events = Array.from({ length: 200 }, (_, i) => publicEvent(i));
    const batches = batchPublicEvents('me', events, 2_000);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(Buffer.byteLength(batch)).toBeLessThanOrEqual(2_000);
    expect(batches.flatMap((batch) => JSON.parse(batch).publicEvents)).toEqual(events);
    expect(batches.every((batch) => JSON.parse(batch).events === undefined)).toBe(true);
  });

  it('carries both kinds in the same batches when they fit, each kind in order', () => {
    const users = Array.from({ length: 300 }, (_, i) => statusEvent(i));
    const publics = Array.from({ length: 100 }, (_, i) => publicEvent(i));
    const batches = batchAll('me', users, publics, 2_000);
    for (const batch of batches) expect(Buffer.byteLength(batch)).toBeLessThanOrEqual(2_000);
    const parsed = batches.map((batch) => JSON.parse(batch) as { from: string; events?: unknown[]; publicEvents?: unknown[] });
    expect(parsed.flatMap((batch) => batch.events ?? [])).toEqual(users);
    expect(parsed.flatMap((batch) => batch.publicEvents ?? [])).toEqual(publics);
    const [both, ...none] = batchAll('me', [statusEvent(1)], [publicEvent(1)]);
    expect(none).toEqual([]);
    expect(JSON.parse(both!)).toEqual({ from: 'me', events: [statusEvent(1)], publicEvents: [publicEvent(1)] });
  });

  it('groups batches for one statement each, in order, never two equal payloads in a group, an oversized one alone', () => {
    const payloads = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(notifyGroups(payloads, 3)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    // PostgreSQL would deliver a payload repeated within one transaction once.
    expect(notifyGroups(['a', 'b', 'a', 'a', 'c'], 10)).toEqual([['a', 'b'], ['a'], ['a', 'c']]);
    expect(notifyGroups(['a', 'x'.repeat(20), 'b'], 10, 10)).toEqual([['a'], ['x'.repeat(20)], ['b']]);
    expect(notifyGroups([])).toEqual([]);
  });
});

const publicEvent = (i: number): PublicEvent => ({
  event: 'explorer_block',
  payload: {
    block: { network: 'polygon_amoy', number: 1_000 + i, timestamp: new Date(0).toISOString(), transactionCount: 1, totalFees: '0.01', totalFeesUnits: '10000000000000000', feeSymbol: 'MATIC' },
  },
});

const quiet = { warn: () => {}, info: () => {} };

describeOnPostgres('event relay between processes on one PostgreSQL', () => {
  it('delivers locally at once, to the other process in few NOTIFYs, and keeps going after its LISTEN connection is killed', async () => {
    const target = await createEmptyPostgresDatabase();
    const pools = [new pg.Pool({ connectionString: target.url, max: 2 }), new pg.Pool({ connectionString: target.url, max: 2 })];
    const received: UserEvent[][] = [[], []];
    let notifies = 0;
    const countingQuery = pools[0]!.query.bind(pools[0]!);
    pools[0]!.query = ((...args: Parameters<typeof countingQuery>) => {
      notifies += 1;
      return countingQuery(...args);
    }) as typeof countingQuery;
    const relays = pools.map((pool, i) => startEventRelay({ pool, deliverLocally: (events) => received[i]!.push(...events), log: quiet }));
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      await Promise.all(relays.map((relay) => relay.ready()));
      const events = Array.from({ length: 1_000 }, (_, i) => statusEvent(i));
      for (const event of events) relays[0]!.publish([event]);
      // Local sockets get them synchronously; the other process through a handful of NOTIFYs.
      expect(received[0]).toEqual(events);
      await waitUntil(() => received[1]!.length === events.length, 10_000, 'the other process');
      expect(received[1]).toEqual(events);
      expect(notifies).toBeLessThan(50);

      // Kill the other process's LISTEN connection: it reconnects and hears later events.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen ${EVENT_CHANNEL}' and datname = current_database()`);
      const later = statusEvent(5_000);
      let laterPublished = 0;
      await waitUntil(() => {
        relays[0]!.publish([later]);
        laterPublished += 1;
        return received[1]!.some((event) => JSON.stringify(event) === JSON.stringify(later));
      }, 10_000, 'delivery after reconnecting');
      // A process's own NOTIFYs come back to it through LISTEN and are dropped: each event reached its sockets once.
      expect(received[0]).toEqual([...events, ...Array.from({ length: laterPublished }, () => later)]);
    } finally {
      await admin.end();
      await Promise.all(relays.map((relay) => relay.close()));
      await Promise.all(pools.map((pool) => pool.end()));
      await target.drop();
    }
  }, 30_000);

  it('sends no NOTIFY while no other process listens, and reaches one from the first flush after it is ready', async () => {
    const target = await createEmptyPostgresDatabase();
    const pools = [new pg.Pool({ connectionString: target.url, max: 2 }), new pg.Pool({ connectionString: target.url, max: 2 })];
    const received: UserEvent[] = [];
    // Listens on the channel without taking part: it hears every NOTIFY sent, and no relay counts it.
    const spy = new pg.Client({ connectionString: target.url });
    const heardNotifies: string[] = [];
    spy.on('notification', (message) => heardNotifies.push(message.payload ?? ''));
    await spy.connect();
    await spy.query(`listen ${EVENT_CHANNEL}`);
    const questionsAnswered = countAnsweredQueries(pools[0]!);
    const alone = startEventRelay({ pool: pools[0]!, deliverLocally: () => {}, log: quiet });
    let other: ReturnType<typeof startEventRelay> | undefined;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    try {
      await alone.ready();
      for (let i = 0; i < 200; i += 1) alone.publish([statusEvent(i)]);
      await settle();
      expect(heardNotifies).toEqual([]);
      const questionsBefore = questionsAnswered();

      // A fresh answer of "nobody else" is trusted for a while: the newcomer's ready() must outlast it.
      alone.publish([statusEvent(500)]);
      await waitUntil(() => questionsAnswered() > questionsBefore, 10_000, 'the lone relay asking again');
      other = startEventRelay({ pool: pools[1]!, deliverLocally: (events) => received.push(...events), log: quiet });
      await other.ready();
      alone.publish([statusEvent(1_000)]);
      await waitUntil(() => received.length === 1, 10_000, 'the process that has just become ready');
      expect(received).toEqual([statusEvent(1_000)]);
      expect(heardNotifies).toHaveLength(1);

      // Gone: the first flush after it left still sends (and learns it), the next ones send nothing.
      await other.close();
      other = undefined;
      alone.publish([statusEvent(2_000)]);
      await settle();
      const sentAfterLeaving = heardNotifies.length;
      for (let i = 0; i < 200; i += 1) alone.publish([statusEvent(3_000 + i)]);
      await settle();
      expect(heardNotifies).toHaveLength(sentAfterLeaving);
    } finally {
      await spy.end();
      await other?.close();
      await alone.close();
      await Promise.all(pools.map((pool) => pool.end()));
      await target.drop();
    }
  }, 30_000);

  it('asks whether anyone else listens once per ALONE_TRUSTED_MS while it is alone, not before every flush', async () => {
    const target = await createEmptyPostgresDatabase();
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    const answered = countAnsweredQueries(pool);
    let clock = 1_000;
    const relay = startEventRelay({ pool, deliverLocally: () => {}, log: quiet, now: () => clock });
    // One flush per publish: each waits for the turn after it, and for any question it asked to be answered.
    const publishAndFlush = async (i: number) => {
      relay.publish([statusEvent(i)]);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      await relay.ready();
      const atReady = answered();
      await publishAndFlush(0);
      await waitUntil(() => answered() === atReady + 1, 10_000, 'the first question');
      for (let i = 1; i <= 20; i += 1) await publishAndFlush(i);
      clock += ALONE_TRUSTED_MS - 1;
      await publishAndFlush(21);
      expect(answered()).toBe(atReady + 1);
      clock += 1;
      await publishAndFlush(22);
      await waitUntil(() => answered() === atReady + 2, 10_000, 'the question once the answer has run out');
    } finally {
      await relay.close();
      await pool.end();
      await target.drop();
    }
  }, 30_000);

  it('delivers batches that are equal, sent in the same flush, as often as they were published', async () => {
    const target = await createEmptyPostgresDatabase();
    const pools = [new pg.Pool({ connectionString: target.url, max: 2 }), new pg.Pool({ connectionString: target.url, max: 2 })];
    const received: UserEvent[][] = [[], []];
    const relays = pools.map((pool, i) => startEventRelay({ pool, deliverLocally: (events) => received[i]!.push(...events), log: quiet }));
    try {
      await Promise.all(relays.map((relay) => relay.ready()));
      // Each fills a batch alone: publishing it three times in one turn makes three equal payloads in one flush.
      const large = { ...statusEvent(1), payload: { ...statusEvent(1).payload, hash: `0x${'ab'.repeat(2_000)}` } } as UserEvent;
      const events = [large, large, statusEvent(2), large];
      for (const event of events) relays[0]!.publish([event]);
      await waitUntil(() => received[1]!.length >= events.length, 10_000, 'the other process');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received[1]).toEqual(events);
    } finally {
      await Promise.all(relays.map((relay) => relay.close()));
      await Promise.all(pools.map((pool) => pool.end()));
      await target.drop();
    }
  }, 30_000);

  it('carries public explorer events to the other process, apart from users’ events', async () => {
    const target = await createEmptyPostgresDatabase();
    const pools = [new pg.Pool({ connectionString: target.url, max: 2 }), new pg.Pool({ connectionString: target.url, max: 2 })];
    const users: UserEvent[][] = [[], []];
    const publics: PublicEvent[][] = [[], []];
    const relays = pools.map((pool, i) =>
      startEventRelay({
        pool,
        deliverLocally: (events) => users[i]!.push(...events),
        deliverPublicLocally: (events) => publics[i]!.push(...events),
        log: quiet,
      }),
    );
    try {
      await Promise.all(relays.map((relay) => relay.ready()));
      const events = Array.from({ length: 300 }, (_, i) => publicEvent(i));
      for (const event of events) relays[0]!.publishPublic([event]);
      relays[0]!.publish([statusEvent(1)]);
      expect(publics[0]).toEqual(events);
      await waitUntil(() => publics[1]!.length === events.length && users[1]!.length === 1, 10_000, 'the other process');
      expect(publics[1]).toEqual(events);
      expect(users[1]).toEqual([statusEvent(1)]);
    } finally {
      await Promise.all(relays.map((relay) => relay.close()));
      await Promise.all(pools.map((pool) => pool.end()));
      await target.drop();
    }
  }, 30_000);

  it('drops a LISTEN connection that went silent and listens anew once the network is back', async () => {
    const target = await createEmptyPostgresDatabase();
    const upstream = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const bounds = { ...DEFAULT_POSTGRES_SETTINGS, connectionTimeoutMs: 500, queryTimeoutMs: 500 };
    // The listening process reaches PostgreSQL through the proxy; the publishing one straight.
    const listening = new pg.Pool({ ...postgresPoolConfig(proxy.rewrite(target.url), bounds), max: 2 });
    const publishing = new pg.Pool({ ...postgresPoolConfig(target.url, bounds), max: 2 });
    const received: UserEvent[] = [];
    const warnings: string[] = [];
    const log = {
      info: () => {},
      warn: (...args: unknown[]) => {
        warnings.push(String(args[1]));
      },
    };
    const listener = startEventRelay({ pool: listening, deliverLocally: (events) => received.push(...events), log, heartbeatMs: 200 });
    const publisher = startEventRelay({ pool: publishing, deliverLocally: () => {}, log: quiet, heartbeatMs: 200 });
    const heard = (event: UserEvent) => received.some((item) => JSON.stringify(item) === JSON.stringify(event));
    try {
      await Promise.all([listener.ready(), publisher.ready()]);
      const before = statusEvent(1);
      await waitUntil(() => {
        publisher.publish([before]);
        return heard(before);
      }, 10_000, 'delivery before the network goes silent');

      // Silent: the LISTEN connection stays open but hears nothing. The heartbeat notices and drops it.
      proxy.stop('blackhole');
      await waitUntil(() => warnings.includes('event relay lost its LISTEN connection; reconnecting'), 10_000, 'the relay to notice');

      proxy.resume();
      const after = statusEvent(2);
      await waitUntil(() => {
        publisher.publish([after]);
        return heard(after);
      }, 15_000, 'delivery once the network is back');
    } finally {
      proxy.resume();
      await Promise.all([listener.close(), publisher.close()]);
      await Promise.all([listening.end(), publishing.end()]);
      await proxy.close();
      await target.drop();
    }
  }, 60_000);
});
