import type { AvatarPreset } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export interface Account {
  id: string;
  name: string;
  email: string;
  avatar: AvatarPreset;
  createdAt: string;
  twoFactorEnabled: boolean;
}

export const accountQueryKey = ['account'] as const;

export const getAccount = () => apiFetch<Account>('/api/account');

export function useAccount() {
  return useQuery({ queryKey: accountQueryKey, queryFn: getAccount });
}
