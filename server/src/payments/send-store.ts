import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fraudAlerts, idempotencyKeys, transactions, walletBalances, wallets } from '../db/schema.ts';
import { countAttemptSql, type RateLimitRule } from '../lib/rate-limiter.ts';
import { markRequestPaidSql } from './payment-requests.ts';
import { markQuoteUsedSql } from './quotes.ts';

// ---- the send's writes, inside its transaction: claim and count, then everything a transfer writes in one statement ----

/**
 * Claims the Idempotency-Key and counts the send against the user's limit, in one statement. `claimed` is
 * false when another request holds the key (PostgreSQL makes this one wait until that one commits): the
 * caller then replays the stored answer and rolls back, which takes the count back, so a replay is free.
 */
export async function claimKeyAndCountSend(
  db: Db,
  claim: { userId: string; key: string; fingerprint: string },
  counter: { key: string; rule: RateLimitRule },
): Promise<{ claimed: boolean; hits: number; windowStartedAt: Date }> {
  const insertClaim = db.insert(idempotencyKeys).values(claim).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  const result = (await db.execute(
    sql`with claim as (${insertClaim.getSQL()}), counted as (${countAttemptSql(counter.key, counter.rule)})
      select (select count(*) from claim)::int as claimed, counted.hits, counted.window_started_at from counted`,
  )) as unknown as { rows: { claimed: unknown; hits: unknown; window_started_at: unknown }[] };
  const row = result.rows[0];
  if (!row) throw new Error('claiming the idempotency key returned no row');
  return { claimed: Number(row.claimed) === 1, hits: Number(row.hits), windowStartedAt: new Date(row.window_started_at as string | Date) };
}

/** What a transfer adds to one wallet's balance of one asset: negative for what the sender pays. */
export interface BalanceChange {
  walletId: string;
  asset: string;
  deltaUnits: bigint;
}

/** Changes to one (wallet, asset) summed into one, so each balance row is written once. */
export function sumBalanceChanges(changes: readonly BalanceChange[]): BalanceChange[] {
  const summed = new Map<string, BalanceChange>();
  for (const change of changes) {
    const key = `${change.walletId}:${change.asset}`;
    const earlier = summed.get(key);
    summed.set(key, earlier ? { ...earlier, deltaUnits: earlier.deltaUnits + change.deltaUnits } : change);
  }
  return [...summed.values()];
}

/**
 * Moves balances by `changes` as two CTEs of one statement, `debited` and `credited` (changes to one
 * (wallet, asset) are summed first, so each row is written once). A debit is an UPDATE: past zero it breaks
 * the table's CHECK and fails the statement. A credit inserts the row when the wallet did not hold that asset
 * yet (a token added to the registry after the wallet opened). `moved` counts the rows written.
 */
export function balanceMovesSql(db: Db, changes: readonly BalanceChange[]): { ctes: SQL; moved: SQL; expected: number } {
  const summed = sumBalanceChanges(changes);
  const debits = summed.filter((change) => change.deltaUnits < 0n);
  const credits = summed.filter((change) => change.deltaUnits > 0n);
  const pair = (change: BalanceChange) => sql`(${change.walletId}::uuid, ${change.asset})`;
  const debited =
    debits.length === 0
      ? sql`select null::uuid as wallet_id where false`
      : db
          .update(walletBalances)
          .set({
            balance: sql.join(
              [
                sql`${walletBalances.balance} + case`,
                ...debits.map((change) => sql`when (${walletBalances.walletId}, ${walletBalances.asset}) = ${pair(change)} then ${change.deltaUnits.toString()}::numeric`),
                sql`end`,
              ],
              sql` `,
            ),
          })
          .where(sql`(${walletBalances.walletId}, ${walletBalances.asset}) in (${sql.join(debits.map(pair), sql`, `)})`)
          .returning({ walletId: walletBalances.walletId })
          .getSQL();
  const credited =
    credits.length === 0
      ? sql`select null::uuid as wallet_id where false`
      : db
          .insert(walletBalances)
          .values(credits.map((change) => ({ walletId: change.walletId, asset: change.asset, balance: change.deltaUnits })))
          .onConflictDoUpdate({
            target: [walletBalances.walletId, walletBalances.asset],
            set: { balance: sql`${walletBalances.balance} + excluded.balance` },
          })
          .returning({ walletId: walletBalances.walletId })
          .getSQL();
  return {
    ctes: sql`debited as (${debited}), credited as (${credited})`,
    moved: sql`((select count(*) from debited) + (select count(*) from credited))::int`,
    expected: debits.length + credits.length,
  };
}

/** Moves balances by `changes` on its own (the faucet's credits); throws unless every row was written. */
export async function moveBalances(db: Db, changes: readonly BalanceChange[]): Promise<void> {
  const moves = balanceMovesSql(db, changes);
  const result = (await db.execute(sql`with ${moves.ctes} select ${moves.moved} as moved`)) as unknown as { rows: { moved: unknown }[] };
  const moved = Number(result.rows[0]?.moved);
  if (moved !== moves.expected) throw new Error(`moved ${moved} of ${moves.expected} balances`);
}

/**
 * Everything a transfer writes, in one statement: the balances, the signer's nonce, its rows, its alerts, and
 * the stored answer for its Idempotency-Key. Every row comes complete from the caller (ids included), so
 * nothing is read back.
 */
export async function writeSend(
  db: Db,
  records: {
    balanceChanges: readonly BalanceChange[];
    signerWalletId: string;
    transactionRows: (typeof transactions.$inferInsert)[];
    alertRows: (typeof fraudAlerts.$inferInsert)[];
    userId: string;
    idempotencyKey: string;
    statusCode: number;
    response: unknown;
    /** The firm quote the send honours: stamped used by the send row in the same statement. */
    quoteUse?: { quoteId: string; transactionId: string; usedAt: Date } | undefined;
    /** The payment request the send pays: stamped paid by the send row in the same statement. */
    requestPaid?: { requestId: string; transactionId: string; paidAt: Date } | undefined;
  },
): Promise<void> {
  const { balanceChanges } = records;
  const bumpNonce = db
    .update(wallets)
    .set({ nextNonce: sql`${wallets.nextNonce} + 1` })
    .where(eq(wallets.id, records.signerWalletId));
  const insertAlerts = records.alertRows.length > 0 ? sql`, new_alerts as (${db.insert(fraudAlerts).values(records.alertRows).getSQL()})` : sql``;
  const useQuote = records.quoteUse ? sql`, quote_used as (${markQuoteUsedSql(db, records.quoteUse)} returning 1)` : sql``;
  const payRequest = records.requestPaid ? sql`, request_paid as (${markRequestPaidSql(db, records.requestPaid)} returning 1)` : sql``;
  const saveAnswer = db
    .update(idempotencyKeys)
    .set({ statusCode: records.statusCode, response: records.response })
    .where(and(eq(idempotencyKeys.userId, records.userId), eq(idempotencyKeys.key, records.idempotencyKey)));
  const moves = balanceMovesSql(db, balanceChanges);
  const result = (await db.execute(
    sql`with ${moves.ctes}, nonce as (${bumpNonce.getSQL()}),
      new_transactions as (${db.insert(transactions).values(records.transactionRows).getSQL()})${insertAlerts}${useQuote}${payRequest}
      ${saveAnswer.getSQL()} returning ${moves.moved} as moved, ${records.quoteUse ? sql`(select count(*) from quote_used)::int` : sql`1`} as quote_used,
        ${records.requestPaid ? sql`(select count(*) from request_paid)::int` : sql`1`} as request_paid`,
  )) as unknown as { rows: { moved: unknown; quote_used: unknown; request_paid: unknown }[] };
  const moved = Number(result.rows[0]?.moved);
  if (moved !== moves.expected) throw new Error(`the send moved ${moved} of ${moves.expected} balances`);
  // The quote is locked by this transaction and was unused when read: anything else is a bug, and rolls back.
  if (Number(result.rows[0]?.quote_used) !== 1) throw new Error('the send could not stamp its quote used');
  // Likewise the payment request: locked by this transaction and open when read.
  if (Number(result.rows[0]?.request_paid) !== 1) throw new Error('the send could not stamp its payment request paid');
}

// ---- idempotency ----

export async function findIdempotencyRecord(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
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
