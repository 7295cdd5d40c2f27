import { ApiError } from '../../lib/api-client.ts';

export type ContactFormField = 'name' | 'address';

/**
 * Where a refusal of the server shows in a contact form: an address that is not the network's or is already
 * saved at the address, a name the schema refused at the name, anything else (the limit, a wait) above the form.
 */
export function contactErrorField(error: unknown): ContactFormField | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'INVALID_RECIPIENT' || error.code === 'CONTACT_EXISTS') return 'address';
  if (error.code === 'VALIDATION_ERROR') return /name/i.test(error.message) ? 'name' : 'address';
  return undefined;
}

export const CONTACT_SAVE_FAILED = 'Failed to save contact';

export function contactErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status < 500 ? error.message : CONTACT_SAVE_FAILED;
}
