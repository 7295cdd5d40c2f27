import { type DisplayCurrency, type NetworkId, looksLikeAddress } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { loadSendFormChecks } from '../load-send-form-checks.ts';

export const recipientCurrencyQueryKey = (network: NetworkId, address: string) => ['send-receive', 'recipient-currency', network, address] as const;

/** The display currency the owner of a FinCrypt address chose (null when none, or not a FinCrypt wallet); never who they are. */
export async function getRecipientCurrency(network: NetworkId, address: string, signal?: AbortSignal): Promise<DisplayCurrency | null> {
  const query = new URLSearchParams({ network, address });
  const [body, { recipientCurrencyResponseSchema }] = await Promise.all([
    apiFetch<unknown>(`/api/recipients/currency?${query.toString()}`, { signal }),
    loadSchemas(),
  ]);
  const parsed = recipientCurrencyResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.currency : null;
}

/** Null, without asking the server, for an address of the right shape that is not valid (a wrong checksum, not 32 bytes). */
async function getValidRecipientCurrency(network: NetworkId, address: string, signal?: AbortSignal): Promise<DisplayCurrency | null> {
  const { isValidAddress } = await loadSendFormChecks();
  return isValidAddress(network, address) ? getRecipientCurrency(network, address, signal) : null;
}

/**
 * The currency to suggest for the "They receive" line, asked once the recipient is a valid address on the
 * wallet's network. A failed look-up suggests nothing: the sender's own currency stays. While rendering only the
 * address's shape is checked; the full check (keccak, base58) runs in the query, with the send form's checks.
 */
export function useRecipientCurrency(network: NetworkId | undefined, address: string) {
  const to = address.trim();
  const isAskable = network !== undefined && to !== '' && looksLikeAddress(network, to);
  return useQuery({
    queryKey: recipientCurrencyQueryKey(network ?? 'eth_sepolia', to),
    queryFn: ({ signal }) => getValidRecipientCurrency(network ?? 'eth_sepolia', to, signal),
    enabled: isAskable,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
