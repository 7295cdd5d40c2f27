import { EXPLORER_REALTIME_NAMESPACE, REALTIME_PATH } from '@fincrypt/domain';
import { io, type Socket } from 'socket.io-client';

/** A signed-in user's realtime socket, opened as the web app opens it (websocket only), without reconnecting. */
export function openUserSocket(url: string, cookie: string): Socket {
  return io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 20_000,
    extraHeaders: { cookie, origin: url },
  });
}

/** A public explorer socket, as the explorer page opens it: no cookie, the same origin. */
export function openExplorerSocket(url: string): Socket {
  return io(`${url}${EXPLORER_REALTIME_NAMESPACE}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 20_000,
    extraHeaders: { origin: url },
  });
}
