import { findAsset, type NetworkId } from '@fincrypt/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type BalanceDifference, type BookBalance, differencesFromChain } from '../chain/chain-balances.ts';
import type { Chain, Chains } from '../chain/chains.ts';
import type { Db } from '../db/database.ts';
import { chainAccounts, solanaRuntime, transactions, walletBalances, wallets } from '../db/schema.ts';
import { checkLedger, type LedgerReport } from './ledger-check.ts';
import { restoreSolanaRuntime } from './solana-state.ts';

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

/**
 * The book's balances on the Solana runtime as the book last left it (restored from its snapshot and the transactions
 * booked since, solana-state.ts): each wallet's lamports and its token accounts.
 */
async function differencesFromRuntime(db: Db, network: NetworkId, book: readonly BookBalance[]): Promise<BalanceDifference[]> {
  const { runtime } = await restoreSolanaRuntime(db, network);
  const differences: BalanceDifference[] = [];
  for (const balance of book) {
    const asset = findAsset(network, balance.asset);
    if (!asset) throw new Error(`${network} has no asset ${balance.asset}`);
    const chainUnits = asset.kind === 'native' ? runtime.lamportsOf(balance.address) : await runtime.tokenUnitsOf(balance.address, asset.address!);
    if (chainUnits !== balance.units) differences.push({ ...balance, network, chainUnits });
  }
  return differences;
}

/** The book's balances on `chain`'s network against the chain's, with how many of its transactions are still pending. */
export async function compareWithChain(db: Db, chain: Chain): Promise<ChainComparison> {
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.network, chain.network), eq(transactions.status, 'pending'), ne(transactions.type, 'receive')));
  const book = await bookBalancesOn(db, chain.network);
  const differences = chain.family === 'solana' ? await differencesFromRuntime(db, chain.network, book) : await differencesFromChain(chain.client, chain.network, book);
  return { network: chain.network, pending: pending?.count ?? 0, differences };
}

/** One network's comparison as the report carries it: how many are pending, and each difference in words. */
export interface ChainReport {
  network: string;
  pending: number;
  differences: string[];
}

/**
 * The ledger check (ledger-check.ts) and, for each network on a real node this database has met (its treasury's nonce
 * row, chain-grants.ts), the book against the chain: once nothing
 * of the network is pending, any difference is a breach. While something is pending the two may differ by it, and the
 * report says how many are pending instead.
 */
export async function checkLedgerAndChains(db: Db, chains: Chains): Promise<LedgerReport & { chains: ChainReport[] }> {
  const report = await checkLedger(db);
  const reports: ChainReport[] = [];
  const met = new Set([
    ...(await db.selectDistinct({ network: chainAccounts.network }).from(chainAccounts)).map((row) => row.network),
    ...(await db.select({ network: solanaRuntime.network }).from(solanaRuntime)).map((row) => row.network),
  ]);
  // A network whose chain this database never met (it ran simulated) has nothing on the chain to compare.
  for (const chain of [...chains.values()].filter((candidate) => met.has(candidate.network))) {
    const { network, pending, differences } = await compareWithChain(db, chain);
    const described = differences.map((difference) => `${network} ${difference.address} ${difference.asset}: book ${difference.units} ≠ chain ${difference.chainUnits}`);
    reports.push({ network, pending, differences: described });
    if (pending === 0) report.breaches.push(...described);
  }
  return { ...report, isBalanced: report.breaches.length === 0, chains: reports };
}
