import { type NetworkId, listAssets } from '@fincrypt/domain';
import { type Address, type PublicClient, erc20Abi, getAddress } from 'viem';

/**
 * The ledger against the chain (issue 49, item 8): every wallet's balance of each asset as the book holds it, beside
 * what the node says (eth_getBalance for the coin, balanceOf for a registry token). PostgreSQL is the app's book; the
 * chain is the truth; once nothing is pending they must agree to the smallest unit.
 */

export interface BookBalance {
  address: string;
  /** The asset's symbol on the network. */
  asset: string;
  /** In the asset's smallest unit. */
  units: bigint;
}

export interface BalanceDifference extends BookBalance {
  network: NetworkId;
  chainUnits: bigint;
}

/** Reads at most this many balances at once, so a large book does not flood the node. */
const READS_AT_ONCE = 16;

async function chainBalanceOf(client: PublicClient, network: NetworkId, balance: BookBalance): Promise<bigint> {
  const asset = listAssets(network).find((candidate) => candidate.symbol === balance.asset);
  if (!asset) throw new Error(`${network} has no asset ${balance.asset}`);
  const owner = getAddress(balance.address);
  if (asset.kind === 'native') return client.getBalance({ address: owner, blockTag: 'latest' });
  return client.readContract({ address: asset.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

/** The book's balances that the chain does not hold, each with the chain's figure; empty when they agree. */
export async function differencesFromChain(client: PublicClient, network: NetworkId, book: readonly BookBalance[]): Promise<BalanceDifference[]> {
  const differences: BalanceDifference[] = [];
  for (let start = 0; start < book.length; start += READS_AT_ONCE) {
    const slice = book.slice(start, start + READS_AT_ONCE);
    const onChain = await Promise.all(slice.map((balance) => chainBalanceOf(client, network, balance)));
    slice.forEach((balance, index) => {
      const chainUnits = onChain[index]!;
      if (chainUnits !== balance.units) differences.push({ ...balance, network, chainUnits });
    });
  }
  return differences;
}
