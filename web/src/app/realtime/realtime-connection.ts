import { PAYMENT_MESSAGES, REALTIME_EVENT_NAMES, REALTIME_PATH, type RealtimeEventName, type RealtimeEvents } from '@fincrypt/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type Socket, io } from 'socket.io-client';
import { toast } from '../../lib/toast.ts';
import { getSession, sessionQueryKey } from '../../features/auth/index.ts';
import { SOCKET_OPTIONS as SHARED_SOCKET_OPTIONS } from '../../lib/socket-options.ts';
import { setOffline } from './connection-state.ts';
import { createRealtimeHandlers } from './realtime-handlers.ts';

type ServerEvents = { [E in RealtimeEventName]: (payload: RealtimeEvents[E]) => void };

/** The signed-in tab's socket: the shared settings on the realtime path. */
export const SOCKET_OPTIONS = { ...SHARED_SOCKET_OPTIONS, path: REALTIME_PATH } as const;

/** How long the 'Unable to connect…' toast stays (docs/product.md#realtime). */
export const CONNECT_FAILED_TOAST_MS = 5_000;
/** After this many failed reconnection attempts in a row, the tab says reconnecting keeps failing. */
export const RECONNECT_FAILURES_BEFORE_NOTICE = 3;

/** After the server refused or closed the connection, the next try waits this long, doubling up to the cap. */
const RETRY_AFTER_REFUSAL_MS = { first: 1_000, max: 30_000 } as const;

/** The console lines for the connection's state (docs/product.md#realtime). */
function logConnection(message: 'Connected to payment system' | 'Disconnected from payment system'): void {
  // docs/product.md#realtime asks for these messages in the console; they are information, not warnings.
  // eslint-disable-next-line no-console
  console.info(message);
}

/**
 * Opens the signed-in user's realtime connection (the session cookie authenticates it) and feeds its
 * events into the query cache. Returns the function that closes it.
 */
export function connectRealtime(queryClient: QueryClient): () => void {
  const socket: Socket<ServerEvents> = io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports] });
  const handlers = createRealtimeHandlers(queryClient, toast);
  let hasConnectedBefore = false;
  let isClosed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelayMs: number = RETRY_AFTER_REFUSAL_MS.first;
  /** Since the connection was last up: whether it failed at all, and how many reconnection attempts failed. */
  let hasFailed = false;
  let reconnectFailures = 0;

  /**
   * socket.io does not retry by itself when the server refused the handshake or closed the socket, which
   * it does when the session ended (sign-out, a password change elsewhere). So ask whether this tab is
   * still signed in: if so, connect again; if not, forget the user's data and let the app sign out, as it
   * does when any API call finds the session gone.
   */
  const recheckSession = () => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      getSession().then(
        (session) => {
          if (session) {
            if (!isClosed) socket.connect();
            return;
          }
          queryClient.setQueryData(sessionQueryKey, null);
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
        },
        () => undefined,
      );
    }, retryDelayMs);
    retryDelayMs = Math.min(retryDelayMs * 2, RETRY_AFTER_REFUSAL_MS.max);
  };

  socket.on('connect', () => {
    logConnection('Connected to payment system');
    retryDelayMs = RETRY_AFTER_REFUSAL_MS.first;
    setOffline(false);
    // Back after a failure: whatever happened meanwhile is fetched again, as on any reconnect.
    handlers.onConnect(hasConnectedBefore || hasFailed);
    hasConnectedBefore = true;
    hasFailed = false;
    reconnectFailures = 0;
  });
  socket.on('disconnect', (reason) => {
    logConnection('Disconnected from payment system');
    if (reason === 'io server disconnect') recheckSession();
    else if (reason !== 'io client disconnect') {
      hasFailed = true;
      setOffline(true);
    }
  });
  socket.on('connect_error', () => {
    // While `active`, socket.io keeps retrying on its own (1 to 5 s apart); otherwise the server refused us.
    if (!socket.active) {
      recheckSession();
      return;
    }
    setOffline(true);
    if (!hasConnectedBefore && !hasFailed) {
      toast.error(PAYMENT_MESSAGES.connectFailed, { duration: CONNECT_FAILED_TOAST_MS });
    }
    hasFailed = true;
  });
  socket.io.on('reconnect_error', () => {
    reconnectFailures += 1;
    if (reconnectFailures === RECONNECT_FAILURES_BEFORE_NOTICE) toast.error(PAYMENT_MESSAGES.reconnectFailed);
  });
  const listen = <E extends RealtimeEventName>(name: E) => {
    const handle = handlers[name] as (payload: RealtimeEvents[E]) => void | Promise<void>;
    const apply = async (payload: RealtimeEvents[E]) => {
      try {
        await handle(payload);
      } catch (error) {
        console.error(`Could not apply the realtime event ${name}`, error);
      }
    };
    const listener = (payload: RealtimeEvents[E]) => void apply(payload);
    socket.on(name, listener as ServerEvents[E] as never);
  };
  for (const name of REALTIME_EVENT_NAMES) listen(name);
  socket.connect();

  return () => {
    isClosed = true;
    setOffline(false);
    clearTimeout(retryTimer);
    socket.disconnect();
    socket.removeAllListeners();
  };
}
