import { type DisplayCurrency, type NetworkId, isValidAddress } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';

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

/**
 * The currency to suggest for the "They receive" line, asked once the recipient is a valid address on the
 * wallet's network. A failed look-up suggests nothing: the sender's own currency stays.
 */
export function useRecipientCurrency(network: NetworkId | undefined, address: string) {
  const to = address.trim();
  const isAskable = network !== undefined && to !== '' && isValidAddress(network, to);
  return useQuery({
    queryKey: recipientCurrencyQueryKey(network ?? 'eth_sepolia', to),
    queryFn: ({ signal }) => getRecipientCurrency(network ?? 'eth_sepolia', to, signal),
    enabled: isAskable,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
