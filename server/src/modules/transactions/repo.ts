import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fraudAlerts, idempotencyKeys, transactions, wallets } from '../../db/schema.ts';

// ---- the send path (all inside one database transaction) ----

export async function findSenderWallet(db: Db, userId: string, walletId: string) {
  const [row] = await db
    .select({ id: wallets.id, network: wallets.network, address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)));
  return row;
}

/** Any wallet of this system at that address on that network, connected or not. */
export async function findWalletIdByAddress(db: Db, network: string, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.network, network), eq(wallets.address, address)));
  return row?.id;
}

/** Row locks on the given wallets, always taken in id order so two opposite transfers cannot deadlock. */
export async function lockWallets(db: Db, walletIds: readonly string[]) {
  return db
    .select()
    .from(wallets)
    .where(inArray(wallets.id, [...walletIds]))
    .orderBy(asc(wallets.id))
    .for('update');
}

export async function debitWallet(db: Db, walletId: string, totalUnits: bigint) {
  const [row] = await db
    .update(wallets)
    .set({ balance: sql`${wallets.balance} - ${totalUnits.toString()}::numeric`, nextNonce: sql`${wallets.nextNonce} + 1` })
    .where(eq(wallets.id, walletId))
    .returning({ id: wallets.id, network: wallets.network, address: wallets.address, balance: wallets.balance, createdAt: wallets.createdAt });
  if (!row) throw new Error('debit touched no wallet');
  return row;
}

export async function creditWallet(db: Db, walletId: string, amountUnits: bigint) {
  const [row] = await db
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${amountUnits.toString()}::numeric` })
    .where(eq(wallets.id, walletId))
    .returning({ id: wallets.id, userId: wallets.userId, network: wallets.network, balance: wallets.balance });
  if (!row) throw new Error('credit touched no wallet');
  return row;
}

export async function insertTransactionRows(db: Db, rows: (typeof transactions.$inferInsert)[]) {
  return db.insert(transactions).values(rows).returning();
}

/** The history the fraud rules compare a send with. */
export async function loadFraudContext(db: Db, userId: string, network: string, burstSince: Date) {
  const earlier = await db
    .select({ amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'send'), eq(transactions.network, network)))
    .orderBy(desc(transactions.createdAt))
    .limit(50);
  const paid = await db
    .selectDistinct({ address: transactions.toAddress })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'send'), eq(transactions.network, network)))
    .limit(500);
  const own = await db.select({ address: wallets.address }).from(wallets).where(eq(wallets.userId, userId));
  const [recent] = await db
    .select({ count: count() })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'send'), gt(transactions.createdAt, burstSince)));
  return {
    earlierAmountsUnits: earlier.map((row) => row.amount),
    paidAddresses: paid.map((row) => row.address),
    ownAddresses: own.map((row) => row.address),
    recentSendCount: recent?.count ?? 0,
  };
}

export async function insertFraudAlerts(db: Db, alerts: (typeof fraudAlerts.$inferInsert)[]) {
  if (alerts.length === 0) return [];
  return db.insert(fraudAlerts).values(alerts).returning();
}

// ---- idempotency ----

export async function findIdempotencyRecord(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Claims the key for this database transaction. False when another request holds it; PostgreSQL makes a
 * concurrent claimer wait until the holder commits, so the holder's response is readable afterwards.
 */
export async function claimIdempotencyKey(db: Db, userId: string, key: string, fingerprint: string): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function saveIdempotentResponse(db: Db, userId: string, key: string, statusCode: number, response: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function deleteIdempotencyKeysBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  return deleted.length;
}

// ---- reads ----

export interface TransactionFilters {
  search?: string | undefined;
  type?: 'send' | 'receive' | undefined;
  status?: 'pending' | 'confirmed' | 'failed' | undefined;
  fromTime?: Date | undefined;
  toTime?: Date | undefined;
  /** Rows strictly older than this (createdAt, id) pair. */
  before?: { createdAt: Date; id: string } | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listUserTransactions(db: Db, userId: string, filters: TransactionFilters, limit: number) {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(
      or(ilike(transactions.hash, pattern), ilike(transactions.fromAddress, pattern), ilike(transactions.toAddress, pattern))!,
    );
  }
  if (filters.type) conditions.push(eq(transactions.type, filters.type));
  if (filters.status) conditions.push(eq(transactions.status, filters.status));
  if (filters.fromTime) conditions.push(gte(transactions.createdAt, filters.fromTime));
  if (filters.toTime) conditions.push(lte(transactions.createdAt, filters.toTime));
  if (filters.before) {
    conditions.push(sql`(${transactions.createdAt}, ${transactions.id}) < (${filters.before.createdAt.toISOString()}::timestamptz, ${filters.before.id}::uuid)`);
  }
  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

export async function countUserTransactionsByStatus(db: Db, userId: string) {
  return db
    .select({ status: transactions.status, count: count() })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .groupBy(transactions.status);
}

/** The user's row for this hash; when both sides are theirs (a send to their own old wallet) the send. */
export async function findUserTransactionByHash(db: Db, userId: string, hash: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.hash, hash)))
    .orderBy(desc(transactions.type))
    .limit(1);
  return row;
}

/** The chain's view of a transaction: its send row (every transfer has exactly one). */
export async function findChainTransaction(db: Db, hash: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.hash, hash), eq(transactions.type, 'send')));
  return row;
}
