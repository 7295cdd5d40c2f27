import { type NetworkId, type TransactionPage, sameAddress } from '@fincrypt/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** How many recent sends supply the addresses a new recipient is compared with for look-alikes. */
export const PAST_RECIPIENTS_LOOKBACK = 100;
/** A search by address may also match on other networks; this many results are enough to find this one. */
const PAID_BEFORE_SEARCH_LIMIT = 20;

export const pastRecipientsQueryKey = ['send-receive', 'past-recipients'] as const;
export const paidBeforeQueryKey = (network: NetworkId, address: string) => ['send-receive', 'paid-before', network, address] as const;

/** The distinct recipients of the user's most recent sends. */
export async function getPastRecipients(): Promise<string[]> {
  const page = await apiFetch<TransactionPage>(`/api/transactions?type=send&limit=${PAST_RECIPIENTS_LOOKBACK}`);
  const recipients: string[] = [];
  for (const transaction of page.items) {
    if (!recipients.some((address) => sameAddress(address, transaction.toAddress))) recipients.push(transaction.toAddress);
  }
  return recipients;
}

/** Whether the user has ever sent to this address on this network (the search itself ignores case). */
export async function getHasPaidBefore(network: NetworkId, address: string): Promise<boolean> {
  const query = new URLSearchParams({ search: address, type: 'send', limit: String(PAID_BEFORE_SEARCH_LIMIT) });
  const page = await apiFetch<TransactionPage>(`/api/transactions?${query.toString()}`);
  return page.items.some((transaction) => transaction.network === network && sameAddress(transaction.toAddress, address));
}
