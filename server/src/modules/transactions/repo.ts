import { and, count, desc, eq, gte, ilike, inArray, like, lte, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { NETWORK_IDS, chainFamilyOf, type TransactionCounts, type TransactionStatus, type TransactionType } from '@fincrypt/domain';
import type { Db } from '../../db/database.ts';
import { currentHashOf } from '../../payments/speed-up.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { transactionSearchTerms, transactions } from '../../db/schema.ts';

// Read queries only: every write to the ledger tables goes through the payments engine (payments/).


export interface TransactionFilters {
  search?: string | undefined;
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
  network?: string | undefined;
  /** An asset's symbol: its transfers on every network that has it ("USDC"). */
  asset?: string | undefined;
  fromTime?: Date | undefined;
  toTime?: Date | undefined;
  /** Rows strictly older than this (createdAt, id) pair. */
  before?: { createdAt: Date; id: string } | undefined;
}

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;
/** Three letters or digits in a row: the least a pattern needs for the trigram index to narrow anything down. */
const HAS_TRIGRAM = /[0-9A-Za-z]{3}/;
/** Base58 is case-sensitive: a Solana hash or address matches only as typed. EVM hex matches in any case. */
const CASE_SENSITIVE_NETWORKS = NETWORK_IDS.filter((id) => chainFamilyOf(id) === 'solana');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** What the search matches: a substring of the hash, the from or the to address; in any case on EVM networks, as typed on Solana. */
function searchCondition(db: Db, userId: string, search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  const columns = [transactions.hash, transactions.fromAddress, transactions.toAddress];
  const conditions: SQL[] = [
    or(
      and(notInArray(transactions.network, CASE_SENSITIVE_NETWORKS), or(...columns.map((column) => ilike(column, pattern)))),
      and(inArray(transactions.network, CASE_SENSITIVE_NETWORKS), or(...columns.map((column) => like(column, pattern)))),
    )!,
  ];
  // A whole EVM hash can only be found as a whole hash: addresses are shorter, "0x" opens every EVM hash and
  // never appears in a Solana one, and EVM hashes are stored in lower case. Saying so lets the hash index
  // find the row instead of matching the pattern against every one of the user's transactions.
  if (EVM_HASH.test(search)) {
    conditions.push(eq(transactions.hash, search.toLowerCase()));
  } else if (HAS_TRIGRAM.test(search)) {
    // The same match over the three joined (a superset: whatever one column holds, the joined text holds), answered
    // by the side table's trigram index (schema.ts transactionSearchTerms) without reading every one of the user's
    // rows; the exact rule above rechecks each candidate.
    conditions.push(
      inArray(
        transactions.id,
        db
          .select({ id: transactionSearchTerms.transactionId })
          .from(transactionSearchTerms)
          .where(and(eq(transactionSearchTerms.userId, userId), ilike(transactionSearchTerms.terms, pattern))),
      ),
    );
  }
  // One or two characters have no trigram, and there the index would have to read all of itself: such a search
  // walks the user's rows newest first instead, which stops as soon as a page is full (short strings match often).
  return and(...conditions)!;
}

export async function listUserTransactions(db: Db, userId: string, filters: TransactionFilters, limit: number) {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (filters.search) conditions.push(searchCondition(db, userId, filters.search));
  if (filters.type) conditions.push(eq(transactions.type, filters.type));
  if (filters.status) conditions.push(eq(transactions.status, filters.status));
  // Pending and failed rows are unsettled: saying so lets (user_id, is_settled) find them instead of a walk through
  // every one of the user's rows.
  if (filters.status && filters.status !== 'confirmed') conditions.push(not(transactions.isSettled));
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

/**
 * The user's transactions by status, in one statement through `transactions_user_settled_idx`: the unsettled rows
 * (few) grouped by status, and the settled ones counted from the index alone. Settled means confirmed with all its
 * confirmations (schema.ts isSettled).
 */
export async function countUserTransactionsByStatus(db: Db, userId: string): Promise<TransactionCounts> {
  const rows = await db
    .select({ status: transactions.status, count: count() })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), not(transactions.isSettled)))
    .groupBy(transactions.status)
    .unionAll(
      db
        .select({ status: sql<TransactionStatus>`'confirmed'`, count: count() })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), transactions.isSettled)),
    );
  const counts: TransactionCounts = { pending: 0, confirmed: 0, failed: 0 };
  for (const row of rows) counts[row.status] += Number(row.count);
  return counts;
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
