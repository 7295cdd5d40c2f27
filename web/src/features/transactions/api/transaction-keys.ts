import type { TransactionQuery } from '../filters.ts';

/** Hashes name one transaction whatever their case on EVM chains (0x + hex); base58 is case-sensitive. */
export function hashKey(hash: string): string {
  const trimmed = hash.trim();
  return /^0x/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** A cached list: its filters and page size. */
export interface TransactionListKey extends TransactionQuery {
  limit: number;
}

/** Every cache entry about the signed-in user's transactions starts with 'transactions'. */
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: ['transactions', 'list'] as const,
  list: (key: TransactionListKey) => ['transactions', 'list', key] as const,
  counts: ['transactions', 'counts'] as const,
  details: ['transactions', 'detail'] as const,
  detail: (hash: string) => ['transactions', 'detail', hashKey(hash)] as const,
};

/** The public explorer's view of a transaction (anyone may look, signed in or not). */
export const explorerKeys = {
  all: ['explorer'] as const,
  transaction: (hash: string) => ['explorer', hashKey(hash)] as const,
};
