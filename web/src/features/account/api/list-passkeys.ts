import type { PasskeySummary } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const passkeysQueryKey = ['account', 'passkeys'] as const;

export const listPasskeys = () => apiFetch<PasskeySummary[]>('/api/auth/passkey/list-user-passkeys');

export function usePasskeys() {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: listPasskeys });
}
