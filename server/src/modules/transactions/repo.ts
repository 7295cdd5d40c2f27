import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TransactionType } from '@fincrypt/domain';
import type { Db } from '../../db/database.ts';
import { currentHashOf } from '../../payments/speed-up.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { transactions } from '../../db/schema.ts';

// Read queries only: every write to the ledger tables goes through the payments engine (payments/).


export interface TransactionFilters {
  search?: string | undefined;
  type?: TransactionType | undefined;
  status?: 'pending' | 'confirmed' | 'failed' | undefined;
  network?: string | undefined;
  /** An asset's symbol: its transfers on every network that has it ("USDC"). */
  asset?: string | undefined;
  fromTime?: Date | undefined;
  toTime?: Date | undefined;
  /** Rows strictly older than this (createdAt, id) pair. */
  before?: { createdAt: Date; id: string } | undefined;
}

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listUserTransactions(db: Db, userId: string, filters: TransactionFilters, limit: number) {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(
      or(ilike(transactions.hash, pattern), ilike(transactions.fromAddress, pattern), ilike(transactions.toAddress, pattern))!,
    );
    // A whole EVM hash can only be found as a whole hash: addresses are shorter, "0x" opens every EVM hash and
    // never appears in a Solana one, and EVM hashes are stored in lower case. Saying so lets the hash index
    // find the row instead of matching the pattern against every one of the user's transactions.
    if (EVM_HASH.test(filters.search)) conditions.push(eq(transactions.hash, filters.search.toLowerCase()));
  }
  if (filters.type) conditions.push(eq(transactions.type, filters.type));
  if (filters.status) conditions.push(eq(transactions.status, filters.status));
  if (filters.network) conditions.push(eq(transactions.network, filters.network));
  if (filters.asset) conditions.push(eq(transactions.asset, filters.asset));
  if (filters.fromTime) conditions.push(gte(transactions.createdAt, filters.fromTime));
  if (filters.toTime) conditions.push(lte(transactions.createdAt, filters.toTime));
  if (filters.before) {
    conditions.push(sql`(${transactions.createdAt}, ${transactions.id}) < (${filters.before.createdAt.toISOString()}::timestamptz, ${filters.before.id}::uuid)`);
  }
  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(limit);
}

export async function countUserTransactionsByStatus(db: Db, userId: string) {
  return db
    .select({ status: transactions.status, count: count() })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .groupBy(transactions.status);
}

/**
 * The user's row for this hash, or for the transaction that replaced it by a speed-up; when both sides are theirs (a
 * send to their own old wallet) the send.
 */
export async function findUserTransactionByHash(db: Db, userId: string, hash: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.hash, currentHashOf(hash))))
    .orderBy(desc(transactions.type))
    .limit(1);
  return row;
}
