import { WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from './api-client.ts';

/** A ceremony the page itself cancelled (a new one started, the page left): nothing to tell the user. */
export function isPasskeyCeremonyAborted(error: unknown): boolean {
  return (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') || (error instanceof Error && error.name === 'AbortError');
}

/** What went wrong with a passkey, in the words of the server or of the browser's refusal. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already has a passkey for your account.';
  }
  if (error instanceof Error && error.name === 'NotAllowedError') return 'The passkey request was cancelled or timed out. Please try again.';
  return 'Your browser could not use a passkey here. Please try again, or use another device.';
}
