import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { passkeysQueryKey } from './list-passkeys.ts';

/** Removing a passkey asks for the password, and a code when 2FA is on. */
export const removePasskey = ({ id, password, code }: { id: string; password: string; code: string }) =>
  apiFetch('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id, password, ...(code ? { code } : {}) } });

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }) });
}
