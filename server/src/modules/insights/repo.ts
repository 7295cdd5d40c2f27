import { type NetworkId, isNetworkId } from '@fincrypt/domain';
import { and, countDistinct, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { moneyFromSql } from '../../db/money-column.ts';
import { transactions } from '../../db/schema.ts';

/*
 * Platform figures read straight from the ledger. A transfer inside the system has two rows (the send and
 * its mirrored receive), so volume and counts look at sends only; failed sends moved nothing. Sums are per
 * (network, asset): 500 USDC and 500 ETH are summed apart, for the caller to value each at its own price.
 */

export interface NetworkSendTotals {
  network: NetworkId;
  /** The asset's symbol within the network (transactions.asset): 'ETH', 'USDC', … */
  asset: string;
  /** In the asset's smallest unit. */
  amountUnits: bigint;
  sends: number;
}

const countedSend = and(sql`${transactions.type} = 'send'`, ne(transactions.status, 'failed'));

function inWindow(from: Date, to: Date) {
  return and(gte(transactions.createdAt, from), lt(transactions.createdAt, to));
}

export async function sendTotalsByNetwork(db: Db, from: Date, to: Date): Promise<NetworkSendTotals[]> {
  const rows = await db
    .select({
      network: transactions.network,
      asset: transactions.asset,
      amount: sql<string>`sum(${transactions.amount})`,
      sends: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(and(countedSend, inWindow(from, to)))
    .groupBy(transactions.network, transactions.asset);
  return rows
    .filter((row) => isNetworkId(row.network))
    .map((row) => ({ network: row.network as NetworkId, asset: row.asset, amountUnits: moneyFromSql(row.amount), sends: Number(row.sends) }));
}

/** People with a send or a receive (not failed) in the window; a faucet claim (a 'mint') is not a payment. */
export async function countActiveUsers(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ users: countDistinct(transactions.userId) })
    .from(transactions)
    .where(and(ne(transactions.status, 'failed'), sql`${transactions.type} <> 'mint'`, inWindow(from, to)));
  return Number(row?.users ?? 0);
}

export interface HourlyNetworkSends extends NetworkSendTotals {
  hourStartMs: number;
}

/** Send totals per UTC hour, network and asset from `from` (an hour start) to `to`. */
export async function hourlySendTotals(db: Db, from: Date, to: Date): Promise<HourlyNetworkSends[]> {
  const hour = sql`date_trunc('hour', ${transactions.createdAt}, 'UTC')`;
  const rows = await db
    .select({
      hourStartMs: sql<number>`extract(epoch from ${hour})::float8 * 1000`,
      network: transactions.network,
      asset: transactions.asset,
      amount: sql<string>`sum(${transactions.amount})`,
      sends: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(and(countedSend, inWindow(from, to)))
    .groupBy(hour, transactions.network, transactions.asset);
  return rows
    .filter((row) => isNetworkId(row.network))
    .map((row) => ({
      hourStartMs: Number(row.hourStartMs),
      network: row.network as NetworkId,
      asset: row.asset,
      amountUnits: moneyFromSql(row.amount),
      sends: Number(row.sends),
    }));
}
