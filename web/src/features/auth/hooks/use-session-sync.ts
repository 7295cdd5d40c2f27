import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onUnauthorized } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../api/get-session.ts';
import { listenToSessionAnnouncements } from '../api/session-channel.ts';

/**
 * Keeps this tab's idea of the session true: another tab signing out (or in), or any API call finding
 * the session expired or revoked, updates it at once, and the route guard sends the user to /login.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const forgetSession = () => {
      if (queryClient.getQueryData(sessionQueryKey) === null) return;
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    };
    const stopListening = listenToSessionAnnouncements((message) => {
      if (message.type === 'signed-out') forgetSession();
      else void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    });
    const stopWatching = onUnauthorized(forgetSession);
    return () => {
      stopListening();
      stopWatching();
    };
  }, [queryClient]);
}
