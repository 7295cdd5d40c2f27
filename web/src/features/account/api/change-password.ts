import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiFetch<{ ok: true }>('/api/account/password', { method: 'POST', body: input });

/** Changes the password; the server signs out every other session and renews this one. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
