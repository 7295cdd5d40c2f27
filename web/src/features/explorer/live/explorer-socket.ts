import { EXPLORER_REALTIME_NAMESPACE, type ExplorerRealtimeEvents, REALTIME_PATH } from '@fincrypt/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type Socket, io } from 'socket.io-client';
import { SOCKET_OPTIONS } from '../../../lib/socket-options.ts';
import { applyExplorerBlock, applyExplorerTransaction, refetchAfterReconnect } from './apply-explorer-event.ts';

type ServerEvents = { [E in keyof ExplorerRealtimeEvents]: (payload: ExplorerRealtimeEvents[E]) => void };

export type FeedState = 'connecting' | 'live' | 'offline';

/** The public channel's socket: the signed-in one's settings, on a connection of its own. */
const FEED_SOCKET_OPTIONS = {
  ...SOCKET_OPTIONS,
  path: REALTIME_PATH,
  // Its own connection: it opens and closes with the explorer's pages, whatever the signed-in one does.
  forceNew: true,
} as const;

/** How long after the server's close the feed tries again (it closes a connection only when told to, e.g. at a restart). */
const RETRY_AFTER_CLOSE_MS = 2_000;

/**
 * Opens the public explorer channel (no cookie is read there) and feeds its events into the query cache; each
 * event also calls `onEvent` (the figures read again, throttled), saying whether the latest transactions shown may
 * be behind and should be read again too. Returns the function that closes it.
 */
export function connectExplorerFeed(
  queryClient: QueryClient,
  onState: (state: FeedState) => void,
  onEvent: (latestMayBeBehind: boolean) => void,
): () => void {
  const socket: Socket<ServerEvents> = io(EXPLORER_REALTIME_NAMESPACE, { ...FEED_SOCKET_OPTIONS, transports: [...FEED_SOCKET_OPTIONS.transports] });
  let hasConnectedBefore = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const guarded =
    <P>(apply: (client: QueryClient, payload: P) => boolean | void) =>
    (payload: P) => {
      try {
        onEvent(apply(queryClient, payload) === true);
      } catch (error) {
        console.error('Could not apply an explorer event', error);
      }
    };

  socket.on('connect', () => {
    if (hasConnectedBefore) refetchAfterReconnect(queryClient);
    hasConnectedBefore = true;
    onState('live');
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    onState('offline');
    // socket.io does not retry by itself after the server closed the socket.
    if (reason === 'io server disconnect') {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => socket.connect(), RETRY_AFTER_CLOSE_MS);
    }
  });
  socket.on('connect_error', () => {
    onState('offline');
    if (!socket.active) {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => socket.connect(), RETRY_AFTER_CLOSE_MS);
    }
  });
  socket.on('explorer_transaction', guarded(applyExplorerTransaction));
  socket.on('explorer_block', guarded(applyExplorerBlock));
  socket.connect();

  return () => {
    clearTimeout(retryTimer);
    socket.disconnect();
    socket.removeAllListeners();
  };
}
