import { and, asc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { contacts, fraudAlerts, idempotencyKeys, transactions, walletBalances, wallets } from '../db/schema.ts';
import { countAttempt, type RateLimitRule } from '../lib/rate-limiter.ts';
import { markRequestPaidSql } from './payment-requests.ts';
import { markQuoteUsedSql, ownerCurrencySql } from './quotes.ts';
import { jsonValue } from './wallet-store.ts';

// ---- the send path: after BEGIN, three statements and COMMIT (claim and count, lock and read, write) ----

/**
 * A wallet row as the send path reads it, locked, with its balance of each asset (locked too) and the display
 * currency its owner chose (null until they choose one): a send's value at send time is kept in it.
 */
export type LockedWallet = typeof wallets.$inferSelect & { balances: Record<string, bigint>; ownerCurrency: string | null };

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
    sql`with claim as (${insertClaim.getSQL()}), counted as (${countAttempt(db, counter.key, counter.rule).getSQL()})
      select (select count(*) from claim)::int as claimed, counted.hits, counted.window_started_at from counted`,
  )) as unknown as { rows: { claimed: unknown; hits: unknown; window_started_at: unknown }[] };
  const row = result.rows[0];
  if (!row) throw new Error('claiming the idempotency key returned no row');
  return { claimed: Number(row.claimed) === 1, hits: Number(row.hits), windowStartedAt: new Date(row.window_started_at as string | Date) };
}

/** The history the fraud rules compare a send with (see fraud-rules.ts). */
export interface FraudContext {
  /** The user's latest sends on the sender's network, newest first, of any asset. */
  earlierSends: { asset: string; amountUnits: bigint }[];
  paidAddresses: string[];
  ownAddresses: string[];
  /** The addresses the user saved as contacts on the sender's network: known recipients (modules/contacts). */
  contactAddresses: string[];
  recentSendCount: number;
}

/**
 * Locks the sender's wallet and any wallet at one of `recipientCandidates` (network, address), with their
 * balance rows, in (wallet id, asset) order so two opposite transfers cannot deadlock, and reads the sender's
 * fraud history on the sender's network in the same statement. Both tables' rows are locked (FOR UPDATE OF
 * both), so a statement that had to wait re-reads their latest committed balances before answering.
 */
export async function lockWalletsAndReadHistory(
  db: Db,
  send: { userId: string; senderWalletId: string; recipientCandidates: readonly { network: string; address: string }[]; burstSince: Date },
): Promise<{ locked: LockedWallet[]; history: FraudContext }> {
  const { userId, senderWalletId, recipientCandidates, burstSince } = send;
  const atRecipient =
    recipientCandidates.length === 0
      ? sql`false`
      : sql`(${wallets.network}, ${wallets.address}) in (${sql.join(
          recipientCandidates.map((candidate) => sql`(${candidate.network}, ${candidate.address})`),
          sql`, `,
        )})`;
  const sendsOnNetwork = sql`sent.user_id = ${userId} and sent.type = 'send'
    and sent.network = (select sender.network from ${wallets} sender where sender.id = ${senderWalletId})`;
  const list = (value: unknown): string[] => jsonValue<string[]>(value, []);
  const rows = await db
    .select({
      wallet: wallets,
      asset: walletBalances.asset,
      balance: walletBalances.balance,
      ownerCurrency: ownerCurrencySql,
      earlier: sql<unknown>`(select coalesce(json_agg(json_build_array(asset, amount)), '[]') from (
        select sent.asset, sent.amount::text as amount from ${transactions} sent where ${sendsOnNetwork}
        order by sent.created_at desc nulls last limit 50) earlier)`,
      paid: sql<unknown>`(select coalesce(json_agg(address), '[]') from (
        select distinct sent.to_address as address from ${transactions} sent where ${sendsOnNetwork} limit 500) paid)`,
      own: sql<unknown>`(select coalesce(json_agg(mine.address), '[]') from ${wallets} mine where mine.user_id = ${userId})`,
      saved: sql<unknown>`(select coalesce(json_agg(saved.address), '[]') from ${contacts} saved where saved.user_id = ${userId}
        and saved.network = (select sender.network from ${wallets} sender where sender.id = ${senderWalletId}))`,
      recent: sql<unknown>`(select count(*)::int from ${transactions} sent
        where sent.user_id = ${userId} and sent.type = 'send' and sent.created_at > ${burstSince.toISOString()}::timestamptz)`,
    })
    .from(wallets)
    .innerJoin(walletBalances, eq(walletBalances.walletId, wallets.id))
    .where(or(eq(wallets.id, senderWalletId), atRecipient))
    .orderBy(asc(wallets.id), asc(walletBalances.asset))
    .for('update', { of: [wallets, walletBalances] });
  const locked = new Map<string, LockedWallet>();
  for (const row of rows) {
    const wallet = locked.get(row.wallet.id) ?? { ...row.wallet, balances: {}, ownerCurrency: row.ownerCurrency };
    wallet.balances[row.asset] = row.balance;
    locked.set(row.wallet.id, wallet);
  }
  const first = rows[0];
  return {
    locked: [...locked.values()],
    history: {
      earlierSends: jsonValue<[string, string][]>(first?.earlier, []).map(([asset, amount]) => ({ asset, amountUnits: BigInt(amount) })),
      paidAddresses: list(first?.paid),
      ownAddresses: list(first?.own),
      contactAddresses: list(first?.saved),
      recentSendCount: Number(first?.recent ?? 0),
    },
  };
}

/** What a transfer adds to one wallet's balance of one asset: negative for what the sender pays. */
export interface BalanceChange {
  walletId: string;
  asset: string;
  deltaUnits: bigint;
}

/**
 * Moves balances by `changes` as two CTEs of one statement, `debited` and `credited` (changes to one
 * (wallet, asset) are summed first, so each row is written once). A debit is an UPDATE: past zero it breaks
 * the table's CHECK and fails the statement. A credit inserts the row when the wallet did not hold that asset
 * yet (a token added to the registry after the wallet opened). `moved` counts the rows written.
 */
export function balanceMovesSql(db: Db, changes: readonly BalanceChange[]): { ctes: SQL; moved: SQL; expected: number } {
  const summed = new Map<string, BalanceChange>();
  for (const change of changes) {
    const key = `${change.walletId}:${change.asset}`;
    const earlier = summed.get(key);
    summed.set(key, earlier ? { ...earlier, deltaUnits: earlier.deltaUnits + change.deltaUnits } : change);
  }
  const debits = [...summed.values()].filter((change) => change.deltaUnits < 0n);
  const credits = [...summed.values()].filter((change) => change.deltaUnits > 0n);
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
