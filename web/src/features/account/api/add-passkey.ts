import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { passkeysQueryKey } from './list-passkeys.ts';

/** The browser's passkey dialog creates a key pair for this site; the server keeps its public key under `name`. */
export async function addPasskey(name: string): Promise<void> {
  const optionsJSON = await apiFetch<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkey/generate-register-options');
  const response = await startRegistration({ optionsJSON });
  await apiFetch('/api/auth/passkey/verify-registration', { method: 'POST', body: { name, response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }) });
}
