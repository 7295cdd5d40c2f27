/**
 * A wallet's "block explorer" page. Our explorer shows transactions by hash; what a real explorer shows for
 * an address is every transaction to or from it, and that is the Transactions page searched by the address.
 */
export function walletExplorerPath(address: string): string {
  return `/transactions?${new URLSearchParams({ search: address }).toString()}`;
}

