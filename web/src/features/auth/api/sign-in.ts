import type { SignInInput } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';
import { announceSession } from './session-channel.ts';
import { forgetSignOutOnPurpose } from './sign-out.ts';

/** Either signed in, or the password was right and a second factor is needed. */
export type SignInResult = { status: 'signed-in' } | { status: 'two-factor-required' };

export async function signIn(input: SignInInput): Promise<SignInResult> {
  const response = await apiFetch<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { method: 'POST', body: input });
  return response?.twoFactorRedirect ? { status: 'two-factor-required' } : { status: 'signed-in' };
}

/** After any successful sign-in step: load the new session and tell the other tabs. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return async () => {
    forgetSignOutOnPurpose();
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    announceSession({ type: 'signed-in' });
  };
}

export function useSignIn() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (result) => {
      if (result.status === 'signed-in') await completeSignIn();
    },
  });
}
