import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useCompleteSignIn } from './sign-in.ts';

export const verifyTotp = (code: string) =>
  apiFetch('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });

export const verifyBackupCode = (code: string) =>
  apiFetch('/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code } });

/** The second sign-in step: a code from the authenticator app, or a backup code. */
export function useVerifySecondFactor() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: ({ code, isBackupCode }: { code: string; isBackupCode: boolean }) =>
      isBackupCode ? verifyBackupCode(code) : verifyTotp(code),
    onSuccess: completeSignIn,
  });
}
