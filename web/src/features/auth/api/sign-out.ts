import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';

export async function signOut(): Promise<void> {
  await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Ends the session on the server, clears cached user data and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      navigate('/', { replace: true });
    },
    onError: () => toast.error('Logout failed'),
  });
}
