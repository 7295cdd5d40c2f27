import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useCompleteSignIn } from './sign-in.ts';

/**
 * Asks the browser for a passkey of this site and signs in with it: both factors at once, so no code step.
 * `useBrowserAutofill` waits for the user to pick one in the email field's autofill (conditional mediation).
 */
export async function signInWithPasskey({ useBrowserAutofill }: { useBrowserAutofill: boolean }): Promise<void> {
  const optionsJSON = await apiFetch<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/generate-authenticate-options');
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill });
  await apiFetch('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response } });
}

export function useSignInWithPasskey() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: completeSignIn });
}
