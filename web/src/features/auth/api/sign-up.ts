import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useCompleteSignIn } from './sign-in.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export async function signUp(input: SignUpInput): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', { method: 'POST', body: input });
}

/** Creates the account; the server signs the new user in at once. */
export function useSignUp() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({ mutationFn: signUp, onSuccess: completeSignIn });
}
