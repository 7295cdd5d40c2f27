import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';
import { announceSession } from './session-channel.ts';

/** Logout takes about half a second (docs/product.md#global-chrome): long enough to see, short enough not to wait. */
const MIN_SIGN_OUT_MS = 500;

export async function signOut(): Promise<void> {
  await Promise.all([
    apiFetch('/api/auth/sign-out', { method: 'POST', body: {} }),
    new Promise((resolve) => setTimeout(resolve, MIN_SIGN_OUT_MS)),
  ]);
}

/**
 * Set when this tab's user chose to sign out, cleared at the next sign-in: the route guard then sends them
 * home instead of to /login, whatever order React commits the navigation and the cleared session in.
 */
let hasSignedOutOnPurpose = false;
export const wasSignedOutOnPurpose = () => hasSignedOutOnPurpose;
export const forgetSignOutOnPurpose = () => {
  hasSignedOutOnPurpose = false;
};

/** Ends the session on the server, clears cached user data in every tab, and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      hasSignedOutOnPurpose = true;
      queryClient.setQueryData(sessionQueryKey, null);
      await navigate('/', { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      announceSession({ type: 'signed-out' });
    },
    onError: () => toast.error('Logout failed'),
  });
}
