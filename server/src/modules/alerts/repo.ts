import { RISK_WINDOW_TRANSACTIONS } from '@fincrypt/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { fraudAlerts, transactions } from '../../db/schema.ts';

export async function listUserAlerts(db: Db, userId: string, limit: number) {
  return db
    .select({ alert: fraudAlerts, transactionHash: transactions.hash })
    .from(fraudAlerts)
    .innerJoin(transactions, eq(transactions.id, fraudAlerts.transactionId))
    .where(eq(fraudAlerts.userId, userId))
    .orderBy(...newestFirst(fraudAlerts.createdAt, fraudAlerts.id))
    .limit(limit);
}

/** The sends the risk score looks at: the user's most recent ones, on every network. */
export async function recentSendsForRisk(db: Db, userId: string) {
  return db
    .select({
      amount: transactions.amount,
      network: transactions.network,
      asset: transactions.asset,
      toAddress: transactions.toAddress,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'send')))
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(RISK_WINDOW_TRANSACTIONS);
}
