import type { IncomingHttpHeaders } from 'node:http';
import { EXPLORER_REALTIME_NAMESPACE, REALTIME_PATH, type ExplorerRealtimeEvents, type RealtimeEvents } from '@fincrypt/domain';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { type Namespace, Server } from 'socket.io';
import type { EventBus, PublicEvent, UserEvent } from '../lib/event-bus.ts';
import { surviveLostConnections } from '../db/database.ts';
import { startEventRelay } from './event-relay.ts';

/** Who a handshake's cookie signs in: the user and session ids, or null. */
export type HandshakeSessionReader = (
  headers: IncomingHttpHeaders,
) => Promise<{ user: { id: string }; session: { id: string } } | null | undefined>;

export interface RealtimeOptions {
  /** Reads the session from the handshake's headers (app.ts passes the auth module's reader). */
  readSession: HandshakeSessionReader;
  events: EventBus;
  trustedOrigins: string[];
  /**
   * A pool of its own for @socket.io/postgres-adapter, so socket operations (closing a session's sockets)
   * reach sockets held by other server processes on the same PostgreSQL. Without it they stay in this process.
   */
  adapterPool?: pg.Pool;
  /** A pool of its own for the ledger event relay (plugins/event-relay.ts); without it events stay in this process. */
  relayPool?: pg.Pool;
  /** How often the adapter's and the relay's LISTEN connections are checked (5 s when unset; config.ts PG_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

/**
 * The adapter's pool as @socket.io/postgres-adapter should use it when PostgreSQL goes away and comes back:
 * - a client that loses its server emits 'error' (uncaught, it would end the process): idle ones on the pool,
 *   the adapter's LISTEN client on itself;
 * - the adapter keeps its LISTEN client checked out and, when the connection ends, forgets it and connects
 *   anew without releasing it: every outage would leak one of the pool's few slots until publishing starves.
 *   The dead client goes back to the pool (which discards it) when its connection ends.
 * - a LISTEN connection sends nothing of its own: behind a network gone silent it would wait forever. It is
 *   checked every `heartbeatMs` with a statement, bounded by the pool's query_timeout; one that fails closes
 *   the connection, and the adapter connects anew.
 * - when the connection ends while the adapter is still issuing its LISTEN (a silent connection handed out
 *   by the pool), the adapter schedules its reconnection twice (its 'end' handler and its own catch), and the
 *   second would take a second LISTEN client, unknown to the adapter, that hears every message again and holds
 *   a slot for good. One LISTEN client at a time: a connect() while another is held never resolves.
 * The adapter calls `connect()` only for its LISTEN client; its queries go through `query()`. `close()`, after
 * the adapter's, gives back a client it was still setting up, so the pool can end.
 */
function survivingOutages(pool: pg.Pool, log: Pick<FastifyBaseLogger, 'warn'>, heartbeatMs: number) {
  surviveLostConnections(pool, (error) => log.warn({ err: error }, 'realtime adapter connection lost'));
  let held: pg.PoolClient | undefined;
  let isConnecting = false;
  let isClosed = false;
  const never = new Promise<never>(() => {});
  const connect = async (): Promise<pg.PoolClient> => {
    if (isClosed || isConnecting || held) return never;
    isConnecting = true;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } finally {
      isConnecting = false;
    }
    if (isClosed) {
      client.release();
      return never;
    }
    held = client;
    const release = client.release.bind(client);
    let isReleased = false;
    let isChecking = false;
    const heartbeat = setInterval(() => {
      if (isChecking) return;
      isChecking = true;
      client
        .query('select 1')
        .catch(() => (client as unknown as pg.Client).connection.stream.destroy())
        .finally(() => {
          isChecking = false;
        });
    }, heartbeatMs);
    heartbeat.unref();
    const onEnd = () => client.release(new Error('connection ended'));
    client.release = (error?: Error | boolean) => {
      if (isReleased) return;
      isReleased = true;
      if (held === client) held = undefined;
      clearInterval(heartbeat);
      client.removeListener('end', onEnd);
      release(error);
    };
    client.once('end', onEnd);
    return client;
  };
  return {
    // Only what the adapter uses; pool.query() acquires and releases through the pool's own connect().
    pool: { query: pool.query.bind(pool), connect } as unknown as pg.Pool,
    close: () => {
      isClosed = true;
      held?.release();
    },
  };
}

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket also joins its session's room, so ending a session can close the sockets it opened. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Server<Record<string, never>, { [E in keyof RealtimeEvents]: (payload: RealtimeEvents[E]) => void }>;
  }
}

/** The public explorer namespace's events (chain data only). */
type ExplorerEmits = { [E in keyof ExplorerRealtimeEvents]: (payload: ExplorerRealtimeEvents[E]) => void };

declare module 'fastify' {
  interface FastifyInstance {
    /** The public explorer's namespace (EXPLORER_REALTIME_NAMESPACE): anyone may join; no cookie is read. */
    explorerRealtime: Namespace<Record<string, never>, ExplorerEmits>;
  }
}

/**
 * socket.io on the app's own HTTP server, websocket transport only. A browser's handshake must come from
 * a trusted origin (a client without an Origin header is not a browser and cannot carry someone else's
 * cookie) and carry a live session cookie; each socket joins its user's room, and every event on the bus
 * goes to that room. Sign-out and a password change close the sockets of the sessions they end
 * (modules/auth/routes.ts, modules/account/routes.ts), in every process.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, options: RealtimeOptions) => {
  const trusted = new Set(options.trustedOrigins);
  const adapterPool = options.adapterPool ? survivingOutages(options.adapterPool, app.log, options.heartbeatMs ?? 5_000) : undefined;
  const io: FastifyInstance['realtime'] = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Clients send nothing but the handshake: keep inbound frames small.
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || trusted.has(origin));
    },
    ...(adapterPool ? { adapter: createAdapter(adapterPool.pool, { errorHandler: (error) => app.log.warn({ err: error }, 'realtime adapter error') }) } : {}),
  });

  io.use((socket, next) => {
    options.readSession(socket.request.headers)
      .then((session) => {
        if (!session) return next(new Error('unauthorized'));
        void socket.join([userRoom(session.user.id), sessionRoom(session.session.id)]);
        return next();
      })
      .catch(() => next(new Error('unauthorized')));
  });

  // The public explorer channel: the handshake's origin check (allowRequest) applies, but no session is asked for
  // and nothing is read from a cookie; every socket hears the same chain events. Clients send nothing.
  const explorer = io.of(EXPLORER_REALTIME_NAMESPACE) as unknown as FastifyInstance['explorerRealtime'];
  // socket.io encodes a packet before it looks for its recipients: events nobody here listens to (a clock tick's
  // thousands, for owners without an open tab) are skipped before that, not encoded for no one.
  const deliverPublicLocally = (events: readonly PublicEvent[]) => {
    if (explorer.sockets.size === 0) return;
    for (const { event, payload } of events) explorer.local.emit(event, payload as never);
  };

  const deliverLocally = (events: readonly UserEvent[]) => {
    const localRooms = io.of('/').adapter.rooms;
    for (const { userId, event, payload, exceptSessionId } of events) {
      if (!localRooms.has(userRoom(userId))) continue;
      const room = io.local.to(userRoom(userId));
      (exceptSessionId ? room.except(sessionRoom(exceptSessionId)) : room).emit(event, payload as never);
    }
  };
  const relay = options.relayPool
    ? startEventRelay({ pool: options.relayPool, deliverLocally, deliverPublicLocally, log: app.log, heartbeatMs: options.heartbeatMs })
    : undefined;
  // A process takes sockets only once the others' flushes reach it: an event for one of them is not lost.
  if (relay) app.addHook('onReady', () => relay.ready());
  const unsubscribe = options.events.subscribe((event) => (relay ? relay.publish([event]) : deliverLocally([event])));
  const unsubscribePublic = options.events.subscribePublic((event) =>
    relay ? relay.publishPublic([event]) : deliverPublicLocally([event]),
  );

  app.decorate('realtime', io);
  app.decorate('explorerRealtime', explorer);
  // Not io.close(): that also closes the HTTP server, which is Fastify's to close.
  app.addHook('preClose', async () => {
    unsubscribe();
    unsubscribePublic();
    await relay?.close();
    await options.relayPool?.end();
    io.disconnectSockets(true);
    await io.of('/').adapter.close();
    await explorer.adapter.close();
    adapterPool?.close();
    io.engine.close();
    await options.adapterPool?.end();
  });
});
