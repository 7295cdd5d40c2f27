import { NETWORKS, type NetworkId, type TransactionType, transactionTypeLabel } from '@fincrypt/domain';

/** What a row, the detail page and the CSV call a transaction: a faucet mint is test funds, not something received from someone. */
export type TransactionKindLabel = 'Sent' | 'Received' | 'Test funds';

export function transactionKindLabel(type: TransactionType): TransactionKindLabel {
  return type === 'mint' ? 'Test funds' : transactionTypeLabel(type);
}

/** What a token's address is called on its chain: an ERC-20 contract (EVM) or an SPL mint (Solana). */
export function tokenAddressLabel(network: NetworkId): 'Token contract' | 'Token mint' {
  return NETWORKS[network]?.family === 'solana' ? 'Token mint' : 'Token contract';
}
