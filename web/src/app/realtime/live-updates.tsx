import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../features/auth/index.ts';

/**
 * Keeps a realtime connection open while someone is signed in, and closes it at sign-out (or when another
 * user signs in). The socket client loads only then, so visitors never download it.
 */
export function LiveUpdates() {
  const userId = useSession().data?.user.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let disconnect: (() => void) | undefined;
    let isClosed = false;
    import('./realtime-connection.ts').then(
      ({ connectRealtime }) => {
        if (!isClosed) disconnect = connectRealtime(queryClient);
      },
      (error: unknown) => console.warn('Live updates are unavailable', error),
    );
    return () => {
      isClosed = true;
      disconnect?.();
    };
  }, [userId, queryClient]);

  return null;
}
