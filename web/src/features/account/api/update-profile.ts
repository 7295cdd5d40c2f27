import type { ProfileUpdateInput } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type Session, sessionQueryKey } from '../../auth/index.ts';
import { type Account, accountQueryKey } from './get-account.ts';

export const updateProfile = (input: ProfileUpdateInput) =>
  apiFetch<Account>('/api/account/profile', { method: 'PATCH', body: input });

/** Saves the profile; the top bar (which reads the session) shows the new name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (account) => {
      // A session read still in flight from before the save would land after this and show the old name again.
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      queryClient.setQueryData(accountQueryKey, account);
      queryClient.setQueryData<Session | null>(sessionQueryKey, (session) =>
        session ? { ...session, user: { ...session.user, name: account.name, email: account.email, image: account.avatar } } : session,
      );
    },
  });
}
