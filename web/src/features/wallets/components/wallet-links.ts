import { explorerAddressPath } from '../../transactions/index.ts';

/** A wallet's page in the public block explorer: what its address holds and every transaction to or from it. */
export function walletExplorerPath(address: string): string {
  return explorerAddressPath(address);
}
