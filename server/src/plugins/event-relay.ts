import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { PublicEvent, UserEvent } from '../lib/event-bus.ts';
import { BoundedClient, surviveLostConnections } from '../db/database.ts';

/** The LISTEN/NOTIFY channel every server process on one PostgreSQL shares for ledger events. */
export const EVENT_CHANNEL = 'fincrypt_events';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; batches stay under this. */
const MAX_PAYLOAD_BYTES = 7_800;
const RECONNECT_DELAY_MS = 1_000;
const DEFAULT_HEARTBEAT_MS = 5_000;
/**
 * How long a relay trusts "nobody else listens" once PostgreSQL said so, counted from when it asked. A relay that
 * starts listening calls itself ready only this long after it holds the lock, so an answer it could have missed
 * has run out by then (see `flush`). Without it a lone process asked before every flush: at 200 sends a second,
 * about 80 queries a second that found nobody.
 */
export const ALONE_TRUSTED_MS = 250;
/**
 * Held, shared, by every relay's LISTEN connection for as long as it listens (taken before LISTEN, so a relay that
 * is ready is always seen holding it). A relay that sees no other holder is the only process: it sends no NOTIFY.
 */
export const EVENT_RELAY_LOCK_KEY = 0x46696e52; // "FinR"

/**
 * How many relays other than the one listening on backend `$1` hold the lock, in this database (advisory locks are
 * per database). A one-number key shows in pg_locks as classid 0, objid the key, objsubid 1.
 */
const OTHER_RELAYS_SQL = `(select count(*)::int from pg_locks
  where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
    and classid = 0 and objid = ${EVENT_RELAY_LOCK_KEY} and objsubid = 1 and granted and pid <> $1)`;

/** One NOTIFY's payload: users' events or public explorer events (a batch carries one kind). */
interface Batch {
  from: string;
  events?: UserEvent[];
  publicEvents?: PublicEvent[];
}

export interface EventRelayOptions {
  /** Where NOTIFYs are sent from (a small pool of its own). */
  pool: pg.Pool;
  /** Hands events to this process's own sockets. */
  deliverLocally: (events: readonly UserEvent[]) => void;
  /** Hands public explorer events to this process's own sockets on the public namespace. */
  deliverPublicLocally?: (events: readonly PublicEvent[]) => void;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Milliseconds on a monotonic clock (tests pass their own); performance.now() by default. */
  now?: () => number;
  /**
   * How often the LISTEN connection is checked. A connection only listening sends nothing: behind a network
   * gone silent it would wait for notifications forever. Each check (LISTEN again, harmless) must be answered
   * within the pool's query_timeout, else the connection is dropped and made anew.
   */
  heartbeatMs?: number;
}

/** Events cut into NOTIFY-sized batches, in order. One event larger than a batch travels alone (and fails loudly). */
export function batchEvents(from: string, events: readonly UserEvent[], maxBytes = MAX_PAYLOAD_BYTES): string[] {
  return batchAll(from, events, [], maxBytes);
}

/** Public explorer events cut into NOTIFY-sized batches, in order. */
export function batchPublicEvents(from: string, events: readonly PublicEvent[], maxBytes = MAX_PAYLOAD_BYTES): string[] {
  return batchAll(from, [], events, maxBytes);
}

/** How every batch from `from` begins: a process knows its own batches by it without parsing them. */
const batchHead = (from: string) => `{"from":${JSON.stringify(from)}`;

/**
 * Users' and public events together, each kind in order, in as few NOTIFY-sized batches as they fit: a batch fills
 * with users' events, then public ones (one NOTIFY per turn of the event loop usually carries both). Each event is
 * encoded once and the batch's size kept as it grows: linear in the events, whatever their number.
 */
export function batchAll(from: string, events: readonly UserEvent[], publicEvents: readonly PublicEvent[], maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const batches: string[] = [];
  const head = batchHead(from);
  // Both arrays' keys and brackets and the closing brace, whether or not the batch ends up with both.
  const overhead = Buffer.byteLength(`${head},"events":[],"publicEvents":[]}`);
  let users: string[] = [];
  let publics: string[] = [];
  let size = overhead;
  const close = () => {
    const parts = [head];
    if (users.length > 0) parts.push(`"events":[${users.join(',')}]`);
    if (publics.length > 0) parts.push(`"publicEvents":[${publics.join(',')}]`);
    batches.push(`${parts.join(',')}}`);
    users = [];
    publics = [];
    size = overhead;
  };
  const add = (list: 'users' | 'publics', event: unknown) => {
    const encoded = JSON.stringify(event);
    const encodedBytes = Buffer.byteLength(encoded);
    const target = list === 'users' ? users : publics;
    if (users.length + publics.length > 0 && size + encodedBytes + (target.length > 0 ? 1 : 0) > maxBytes) close();
    const into = list === 'users' ? users : publics;
    size += encodedBytes + (into.length > 0 ? 1 : 0);
    into.push(encoded);
  };
  for (const event of events) add('users', event);
  for (const event of publicEvents) add('publics', event);
  if (users.length + publics.length > 0) close();
  return batches;
}

/** NOTIFYs sent together in one statement: one round trip and one commit for many batches (a clock tick makes thousands). */
const NOTIFYS_PER_STATEMENT = 100;

/**
 * Batches grouped for one statement each, in order. PostgreSQL delivers identical payloads of one transaction only
 * once, so a payload equal to one already in the group starts the next; an oversized one (refused) goes alone, so
 * that it fails alone.
 */
export function notifyGroups(payloads: readonly string[], perStatement = NOTIFYS_PER_STATEMENT, maxBytes = MAX_PAYLOAD_BYTES): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let seen = new Set<string>();
  const close = () => {
    if (group.length > 0) groups.push(group);
    group = [];
    seen = new Set();
  };
  for (const payload of payloads) {
    const isOversized = Buffer.byteLength(payload) >= maxBytes;
    if (group.length >= perStatement || seen.has(payload) || isOversized) close();
    group.push(payload);
    seen.add(payload);
    if (isOversized) close();
  }
  close();
  return groups;
}

/**
 * Whether any relay other than this one listens, as PostgreSQL last said. "Yes" is trusted until a NOTIFY statement
 * finds nobody; "no" only until ALONE_TRUSTED_MS after the question was sent. A process serving alone (the clock's
 * thousands of events a tick) then encodes and sends none of them, and asks a few times a second at most.
 *
 * Why a relay that is ready is never skipped: it became ready ALONE_TRUSTED_MS after PostgreSQL granted its lock.
 * An answer of "no" was given before that grant, so it was asked before it too, and ran out before the new relay
 * was ready; an answer asked for after the grant counts the new relay.
 */
function createListenerCensus(pool: pg.Pool, now: () => number) {
  /** The backend of this relay's LISTEN connection while it holds the lock; 0 (no backend) otherwise. */
  let listenerPid = 0;
  let haveOthersListened = false;
  let aloneUntil = Number.NEGATIVE_INFINITY;
  /** The question in flight, which flushes meanwhile wait for rather than ask again. */
  let asking: Promise<void> | undefined;

  function learn(others: number, askedAt: number) {
    haveOthersListened = others > 0;
    if (!haveOthersListened) aloneUntil = askedAt + ALONE_TRUSTED_MS;
  }

  async function ask(): Promise<void> {
    const askedAt = now();
    const { rows } = await pool.query<{ others: number }>(`select ${OTHER_RELAYS_SQL} as others`, [listenerPid]);
    learn(rows[0]!.others, askedAt);
  }

  return {
    setListenerPid(pid: number) {
      listenerPid = pid;
    },
    /** Whether a flush has anyone to tell; asks PostgreSQL when the last "no" has run out. */
    async othersListen(): Promise<boolean> {
      // A question already in flight may have been asked before a newcomer's lock: its "no" counts only while
      // it has not run out, as any other.
      while (!haveOthersListened && now() >= aloneUntil) {
        asking ??= ask().finally(() => {
          asking = undefined;
        });
        await asking;
      }
      return haveOthersListened;
    },
    /** Sends these payloads in one statement, which also asks whether anyone still listens, for the next flush. */
    async notify(payloads: readonly string[]): Promise<void> {
      // One parameter each (an array parameter would be escaped character by character), evaluated left to right:
      // PostgreSQL delivers one transaction's notifications in the order they were sent.
      const calls = payloads.map((_, index) => `pg_notify($2, $${index + 3})`);
      const askedAt = now();
      const { rows } = await pool.query<{ others: number }>(`select ${OTHER_RELAYS_SQL} as others, ${calls.join(', ')}`, [
        listenerPid,
        EVENT_CHANNEL,
        ...payloads,
      ]);
      learn(rows[0]!.others, askedAt);
    },
  };
}

/**
 * Checks a LISTEN connection every `heartbeatMs` (LISTEN again, harmless): a connection only listening sends nothing,
 * and behind a network gone silent it would wait for notifications forever. Stops once `hasFailed()`.
 */
function startHeartbeat(client: pg.Client, heartbeatMs: number, hasFailed: () => boolean, fail: (error: Error) => void) {
  let isChecking = false;
  const heartbeat = setInterval(() => {
    if (hasFailed()) {
      clearInterval(heartbeat);
      return;
    }
    if (isChecking) return;
    isChecking = true;
    client
      .query(`listen ${EVENT_CHANNEL}`)
      .catch((error: unknown) => fail(error as Error))
      .finally(() => {
        isChecking = false;
      });
  }, heartbeatMs);
  heartbeat.unref();
}

/**
 * Ledger events for every server process on one PostgreSQL (users' events, and the public explorer's). Each
 * process delivers its own events to its own sockets at once, and tells the others with one NOTIFY per batch of
 * everything published in the same turn of the event loop (a clock tick confirming thousands of transactions
 * sends a handful of NOTIFYs, not one per event, which is what the socket.io adapter would do), up to
 * NOTIFYS_PER_STATEMENT of them in one statement. Each process LISTENs on a connection of its own and
 * reconnects when it drops; events published while PostgreSQL is away reach only the local sockets.
 */
export function startEventRelay(options: EventRelayOptions) {
  const { pool, deliverLocally, log } = options;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const now = options.now ?? (() => performance.now());
  surviveLostConnections(pool, (error) => log.warn({ err: error }, 'event relay connection lost'));
  const processId = randomUUID();
  // This process's own batches come back through LISTEN: dropped before parsing, which at a clock tick's thousands
  // of events is most of the relay's work when one process serves everything.
  const ownBatchPrefix = batchHead(processId);
  let pending: UserEvent[] = [];
  let pendingPublic: PublicEvent[] = [];
  let isFlushScheduled = false;
  let listener: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let isClosed = false;
  let ready: Promise<void> = Promise.resolve();
  const census = createListenerCensus(pool, now);

  async function flush() {
    isFlushScheduled = false;
    const events = pending;
    const publicEvents = pendingPublic;
    pending = [];
    pendingPublic = [];
    try {
      if (!(await census.othersListen())) return;
    } catch (error) {
      log.warn({ err: error }, 'could not pass events to the other server processes');
      return;
    }
    for (const payloads of notifyGroups(batchAll(processId, events, publicEvents))) {
      try {
        await census.notify(payloads);
      } catch (error) {
        log.warn({ err: error }, 'could not pass events to the other server processes');
      }
    }
  }

  function onNotification(message: pg.Notification) {
    if (message.channel !== EVENT_CHANNEL || !message.payload || message.payload.startsWith(ownBatchPrefix)) return;
    let batch: Batch;
    try {
      batch = JSON.parse(message.payload) as Batch;
    } catch {
      return;
    }
    if (Array.isArray(batch.events)) deliverLocally(batch.events);
    if (Array.isArray(batch.publicEvents)) options.deliverPublicLocally?.(batch.publicEvents);
  }

  function scheduleReconnect() {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      ready = listen();
    }, RECONNECT_DELAY_MS);
  }

  async function listen(): Promise<void> {
    const client = new BoundedClient(pool.options);
    listener = client;
    let hasFailed = false;
    const fail = (error?: Error) => {
      if (hasFailed) return;
      hasFailed = true;
      if (!isClosed) log.warn({ err: error }, 'event relay lost its LISTEN connection; reconnecting');
      void client.end().catch(() => {});
      if (listener === client) {
        listener = undefined;
        census.setListenerPid(0);
      }
      scheduleReconnect();
    };
    client.on('error', fail);
    client.on('end', () => fail());
    client.on('notification', onNotification);
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid, pg_advisory_lock_shared($1)', [EVENT_RELAY_LOCK_KEY]);
      await client.query(`listen ${EVENT_CHANNEL}`);
      if (listener === client) census.setListenerPid(rows[0]!.pid);
    } catch (error) {
      fail(error as Error);
      return;
    }
    startHeartbeat(client, heartbeatMs, () => hasFailed, fail);
    // Until then another process may still trust an answer of "nobody else listens" given before the lock was ours.
    await new Promise((resolve) => setTimeout(resolve, ALONE_TRUSTED_MS));
  }

  function scheduleFlush() {
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setImmediate(() => void flush());
    }
  }

  ready = listen();

  return {
    /**
     * Resolves once the first LISTEN is in place and every other relay's flush reaches it (ALONE_TRUSTED_MS later),
     * or once it has failed and is being retried.
     */
    ready: () => ready,
    publish(events: readonly UserEvent[]): void {
      deliverLocally(events);
      pending.push(...events);
      scheduleFlush();
    },
    /** Public explorer events: to this process's public sockets at once, to the other processes' in the next NOTIFYs. */
    publishPublic(events: readonly PublicEvent[]): void {
      options.deliverPublicLocally?.(events);
      pendingPublic.push(...events);
      scheduleFlush();
    },
    async close(): Promise<void> {
      isClosed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await ready;
      await listener?.end().catch(() => {});
    },
  };
}

export type EventRelay = ReturnType<typeof startEventRelay>;
