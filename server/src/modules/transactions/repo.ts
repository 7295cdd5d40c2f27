import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fraudAlerts, idempotencyKeys, transactions, wallets } from '../../db/schema.ts';

// ---- the send path (all inside one database transaction; one round trip per step) ----

/** A wallet row as the send path reads it, locked. */
export type LockedWallet = typeof wallets.$inferSelect;

/**
 * Locks the sender's wallet and any wallet at one of `recipientCandidates` (network, address) in a single
 * statement. Rows are locked in id order, so two opposite transfers cannot deadlock.
 */
export async function lockSendWallets(
  db: Db,
  senderWalletId: string,
  recipientCandidates: readonly { network: string; address: string }[],
): Promise<LockedWallet[]> {
  const atRecipient =
    recipientCandidates.length === 0
      ? sql`false`
      : sql`(${wallets.network}, ${wallets.address}) in (${sql.join(
          recipientCandidates.map((candidate) => sql`(${candidate.network}, ${candidate.address})`),
          sql`, `,
        )})`;
  return db
    .select()
    .from(wallets)
    .where(or(eq(wallets.id, senderWalletId), atRecipient))
    .orderBy(asc(wallets.id))
    .for('update');
}

export interface BalanceChange {
  walletId: string;
  /** Added to the balance: negative for the sender's amount + fee. */
  deltaUnits: bigint;
  /** Whether this wallet signed (its nonce moves on). */
  isSigner: boolean;
}

/** Applies every balance change of one transfer in one UPDATE; the rows must already be locked. */
export async function applyBalanceChanges(db: Db, changes: readonly BalanceChange[]) {
  const caseOf = (value: (change: BalanceChange) => SQL) =>
    sql.join([sql`case ${wallets.id}`, ...changes.map((change) => sql`when ${change.walletId}::uuid then ${value(change)}`), sql`end`], sql` `);
  const rows = await db
    .update(wallets)
    .set({
      balance: caseOf((change) => sql`${wallets.balance} + ${change.deltaUnits.toString()}::numeric`),
      nextNonce: caseOf((change) => (change.isSigner ? sql`${wallets.nextNonce} + 1` : sql`${wallets.nextNonce}`)),
    })
    .where(inArray(wallets.id, changes.map((change) => change.walletId)))
    .returning({
      id: wallets.id,
      userId: wallets.userId,
      network: wallets.network,
      address: wallets.address,
      balance: wallets.balance,
      createdAt: wallets.createdAt,
    });
  if (rows.length !== changes.length) throw new Error(`balance change touched ${rows.length} of ${changes.length} wallets`);
  return rows;
}

/** The history the fraud rules compare a send with, in one query. */
export async function loadFraudContext(db: Db, userId: string, network: string, burstSince: Date) {
  const sendsOnNetwork = sql`${transactions.userId} = ${userId} and ${transactions.type} = 'send' and ${transactions.network} = ${network}`;
  const result = (await db.execute(sql`select
      coalesce((select json_agg(amount) from (
        select ${transactions.amount}::text as amount from ${transactions} where ${sendsOnNetwork}
        order by ${transactions.createdAt} desc limit 50) earlier), '[]') as earlier,
      coalesce((select json_agg(address) from (
        select distinct ${transactions.toAddress} as address from ${transactions} where ${sendsOnNetwork} limit 500) paid), '[]') as paid,
      coalesce((select json_agg(${wallets.address}) from ${wallets} where ${wallets.userId} = ${userId}), '[]') as own,
      (select count(*)::int from ${transactions}
        where ${transactions.userId} = ${userId} and ${transactions.type} = 'send' and ${transactions.createdAt} > ${burstSince.toISOString()}::timestamptz) as recent`)) as unknown as {
    rows: { earlier: unknown; paid: unknown; own: unknown; recent: unknown }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('fraud context query returned no row');
  // json arrives parsed from node-postgres and as text from some drivers.
  const list = (value: unknown): string[] => (typeof value === 'string' ? JSON.parse(value) : (value as string[]));
  return {
    earlierAmountsUnits: list(row.earlier).map((amount) => BigInt(amount)),
    paidAddresses: list(row.paid),
    ownAddresses: list(row.own),
    recentSendCount: Number(row.recent),
  };
}

/**
 * The transfer's rows, its alerts and the stored answer for its Idempotency-Key, in one statement. Every
 * row comes complete from the caller (ids included), so nothing needs to be read back.
 */
export async function writeSendRecords(
  db: Db,
  records: {
    transactionRows: (typeof transactions.$inferInsert)[];
    alertRows: (typeof fraudAlerts.$inferInsert)[];
    userId: string;
    idempotencyKey: string;
    statusCode: number;
    response: unknown;
  },
) {
  const alertInsert = records.alertRows.length > 0 ? sql`, new_alerts as (${db.insert(fraudAlerts).values(records.alertRows).getSQL()})` : sql``;
  await db.execute(
    sql`with new_transactions as (${db.insert(transactions).values(records.transactionRows).getSQL()})${alertInsert}
      ${db
        .update(idempotencyKeys)
        .set({ statusCode: records.statusCode, response: records.response })
        .where(and(eq(idempotencyKeys.userId, records.userId), eq(idempotencyKeys.key, records.idempotencyKey)))
        .getSQL()}`,
  );
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
