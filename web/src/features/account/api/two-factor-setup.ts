import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { verifyTotp } from '../../auth/index.ts';
import { accountQueryKey } from './get-account.ts';

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export const startTwoFactorSetup = (password: string) =>
  apiFetch<TwoFactorSetup>('/api/auth/two-factor/enable', { method: 'POST', body: { password } });

/** Turning 2FA off asks for the password and a code: from the authenticator app, or a backup code. */
export const disableTwoFactor = ({ password, code }: { password: string; code: string }) =>
  apiFetch('/api/auth/two-factor/disable', { method: 'POST', body: { password, code } });

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

/** Confirms set-up with a first code; from then on sign-in asks for one. */
export function useConfirmTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
