import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../features/auth/index.ts';
import { useAfterFirstContentfulPaint } from '../../lib/use-after-first-contentful-paint.ts';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * The longest the connection waits for an idle moment after the first paint: the page's first answers are still
 * being rendered then, and the socket client's chunks run better beside them than inside.
 */
const IDLE_WAIT_MAX_MS = 1_500;

/**
 * Keeps a realtime connection open while someone is signed in, and closes it at sign-out (or when another
 * user signs in). The socket client loads only then, so visitors never download it, and only once the page has
 * shown its first text (then in its first idle moment), so its chunks do not hold that paint back; the first
 * connection refreshes the ledger's caches, so an event sent before it is not missed (realtime-handlers.ts).
 */
export function LiveUpdates() {
  const userId = useSession().data?.user.id;
  const queryClient = useQueryClient();
  const hasPagePainted = useAfterFirstContentfulPaint();

  useEffect(() => {
    if (!userId || !hasPagePainted) return;
    let disconnect: (() => void) | undefined;
    let isClosed = false;
    const cancelWait = whenIdle(() => {
      import('./realtime-connection.ts').then(
        ({ connectRealtime }) => {
          if (!isClosed) disconnect = connectRealtime(queryClient);
        },
        (error: unknown) => console.warn('Live updates are unavailable', error),
      );
    }, IDLE_WAIT_MAX_MS);
    return () => {
      isClosed = true;
      cancelWait();
      disconnect?.();
    };
  }, [userId, hasPagePainted, queryClient]);

  return null;
}
