import { chainFamilyOf, type NetworkId } from './networks.ts';

/**
 * The Transactions search: a substring of the hash, the from or the to address. EVM hex matches in any case (an
 * address is shown checksummed, a hash in lower case, and people type either); base58 (Solana) is case-sensitive,
 * so there it matches only as typed. The server's SQL (modules/transactions/repo.ts) applies the same rule.
 */
export function matchesTransactionSearch(
  transaction: { network: NetworkId; hash: string; fromAddress: string; toAddress: string },
  search: string,
): boolean {
  const fields = [transaction.hash, transaction.fromAddress, transaction.toAddress];
  if (chainFamilyOf(transaction.network) === 'solana') return fields.some((field) => field.includes(search));
  const needle = search.toLowerCase();
  return fields.some((field) => field.toLowerCase().includes(needle));
}
