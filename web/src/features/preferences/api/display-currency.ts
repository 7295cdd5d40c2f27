import { type DisplayCurrency, isDisplayCurrency, signedInPaths } from '@fincrypt/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** The display currency kept on the signed-in user's account (null when they never chose one). */
export async function getAccountCurrency(): Promise<DisplayCurrency | null> {
  const account = await apiFetch<{ displayCurrency?: unknown }>(signedInPaths.account);
  return isDisplayCurrency(account.displayCurrency) ? account.displayCurrency : null;
}

/** PUT /api/account/currency: keeps the choice on the account, so payers can be offered it. */
export async function putAccountCurrency(currency: DisplayCurrency): Promise<void> {
  await apiFetch<unknown>('/api/account/currency', { method: 'PUT', body: { currency } });
}
