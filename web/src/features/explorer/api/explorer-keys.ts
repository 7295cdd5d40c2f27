import type { NetworkId } from '@fincrypt/domain';

/**
 * The explorer home's, address pages' and block pages' cache entries. They sit beside the transaction page's
 * `['explorer', hash]` (transactions feature) under the same root, each under a word no hash can be.
 */
export const explorerDataKeys = {
  latestAll: ['explorer', 'latest'] as const,
  latest: (network: NetworkId | undefined) => ['explorer', 'latest', network ?? 'all'] as const,
  blocksAll: ['explorer', 'blocks'] as const,
  blocks: (network: NetworkId | undefined) => ['explorer', 'blocks', network ?? 'all'] as const,
  stats: ['explorer', 'stats'] as const,
  labels: ['explorer', 'labels'] as const,
  addressAll: ['explorer', 'address'] as const,
  address: (address: string, network: NetworkId | undefined) => ['explorer', 'address', address, network ?? 'all'] as const,
  blockAll: ['explorer', 'block'] as const,
  block: (network: string, number: number) => ['explorer', 'block', network, number] as const,
};
