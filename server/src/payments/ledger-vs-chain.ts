import { and, eq, ne, sql } from 'drizzle-orm';
import { type BalanceDifference, type BookBalance, differencesFromChain } from '../chain/chain-balances.ts';
import type { EvmChain } from '../chain/evm-chains.ts';
import type { Db } from '../db/database.ts';
import { transactions, walletBalances, wallets } from '../db/schema.ts';

/** The book beside the chain for one network (issue 49, item 8): meaningful once `pending` is 0. */
export interface ChainComparison {
  network: string;
  /** The network's transactions no block has included yet: while any is, the two may differ by it. */
  pending: number;
  differences: BalanceDifference[];
}

/** Every address's balance of each asset on the network, as the book holds it (the wallets at one address added up). */
async function bookBalancesOn(db: Db, network: string): Promise<BookBalance[]> {
  const rows = await db
    .select({ address: wallets.address, asset: walletBalances.asset, units: sql<string>`sum(${walletBalances.balance})::text` })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(eq(wallets.network, network))
    .groupBy(wallets.address, walletBalances.asset)
    .orderBy(wallets.address, walletBalances.asset);
  return rows.map((row) => ({ address: row.address, asset: row.asset, units: BigInt(row.units) }));
}

/** The book's balances on `chain`'s network against the node's, with how many of its transactions are still pending. */
export async function compareWithChain(db: Db, chain: EvmChain): Promise<ChainComparison> {
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.network, chain.network), eq(transactions.status, 'pending'), ne(transactions.type, 'receive')));
  const differences = await differencesFromChain(chain.client, chain.network, await bookBalancesOn(db, chain.network));
  return { network: chain.network, pending: pending?.count ?? 0, differences };
}
