/**
 * Both realtime connections' settings (docs/product.md#realtime): websocket only, reconnect after 1 to 5 s without
 * limit, 20 s connect timeout. The signed-in tab's socket and the explorer's public one each use them.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  autoConnect: false,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  timeout: 20_000,
} as const;
