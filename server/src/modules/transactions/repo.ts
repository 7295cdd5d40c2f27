import { and, count, desc, eq, gte, ilike, inArray, like, lte, not, or, sql, type SQL } from 'drizzle-orm';
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
/** Runs of letters and digits: the trigram index keeps no trigram across anything else. */
const ALPHANUMERIC_RUN = /[0-9A-Za-z]+/g;
/** Base58 is case-sensitive: a Solana hash or address matches only as typed. EVM hex matches in any case. */
const CASE_SENSITIVE_NETWORKS = NETWORK_IDS.filter((id) => chainFamilyOf(id) === 'solana');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The trigrams the index is asked for: at most three of the search's, its first, middle and last. The index reads one
 * posting list per trigram it is given and intersects them, and at a million rows of hex each list holds tens of
 * thousands of entries: a 12-character payee search gave the index all ten of its trigrams and took 6.7 ms in it, where
 * three took 2.2 ms. Three hex trigrams anywhere in a row still leave a few dozen rows in a million besides the matches,
 * and the exact rule rechecks every one. Each is a piece of the search, so a row that matches holds all of them.
 */
export function trigramProbes(search: string): string[] {
  const trigrams = (search.match(ALPHANUMERIC_RUN) ?? []).flatMap((run) =>
    Array.from({ length: Math.max(0, run.length - 2) }, (_, start) => run.slice(start, start + 3).toLowerCase()),
  );
  const picked = [trigrams[0], trigrams[Math.floor((trigrams.length - 1) / 2)], trigrams.at(-1)];
  return [...new Set(picked.filter((trigram): trigram is string => trigram !== undefined))];
}

/**
 * What the search matches: a substring of the hash, the from or the to address; in any case on EVM networks, as typed
 * on Solana. A whole EVM hash matches that hash, or the transaction a speed-up replaced it with.
 */
function searchCondition(db: Db, userId: string, search: string): SQL {
  // A whole EVM hash can only be found as a whole hash: addresses are shorter, "0x" opens every EVM hash and never
  // appears in a Solana one, and EVM hashes are stored in lower case. Saying so lets the hash index find the row
  // instead of matching a pattern against every one of the user's transactions; an old hash points at the newest.
  if (EVM_HASH.test(search)) return eq(transactions.hash, currentHashOf(search.toLowerCase()));
  const pattern = `%${escapeLike(search)}%`;
  const columns = [transactions.hash, transactions.fromAddress, transactions.toAddress];
  // A CASE rather than (Solana AND …) OR (not Solana AND …): the planner has no index paths to weigh for it, which took
  // 0.4 of a search's 2.3 ms of planning at a million rows.
  const conditions: SQL[] = [
    sql`(case when ${inArray(transactions.network, CASE_SENSITIVE_NETWORKS)} then ${or(...columns.map((column) => like(column, pattern)))}
      else ${or(...columns.map((column) => ilike(column, pattern)))} end)`,
  ];
  // Candidates from the side table's trigram index (schema.ts transactionSearchTerms), the three joined: rows that
  // hold each probe somewhere (a superset of the matches), without reading every one of the user's rows; the exact
  // rule above rechecks each candidate. A search without three letters or digits in a row has no probe.
  const probes = trigramProbes(search);
  if (probes.length > 0) {
    conditions.push(
      inArray(
        transactions.id,
        db
          .select({ id: transactionSearchTerms.transactionId })
          .from(transactionSearchTerms)
          .where(and(eq(transactionSearchTerms.userId, userId), ...probes.map((probe) => ilike(transactionSearchTerms.terms, `%${escapeLike(probe)}%`)))),
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
