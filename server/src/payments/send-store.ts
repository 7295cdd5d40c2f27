import { and, asc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fraudAlerts, idempotencyKeys, transactions, wallets } from '../db/schema.ts';
import { countAttempt, type RateLimitRule } from '../lib/rate-limiter.ts';

// ---- the send path: after BEGIN, three statements and COMMIT (claim and count, lock and read, write) ----

/** A wallet row as the send path reads it, locked. */
export type LockedWallet = typeof wallets.$inferSelect;

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
  earlierAmountsUnits: bigint[];
  paidAddresses: string[];
  ownAddresses: string[];
  recentSendCount: number;
}

/**
 * Locks the sender's wallet and any wallet at one of `recipientCandidates` (network, address), in id order so
 * two opposite transfers cannot deadlock, and reads the sender's fraud history on the sender's network in the
 * same statement.
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
  // json arrives parsed from node-postgres and as text from some drivers.
  const list = (value: unknown): string[] => (typeof value === 'string' ? JSON.parse(value) : ((value ?? []) as string[]));
  const rows = await db
    .select({
      wallet: wallets,
      earlier: sql<unknown>`(select coalesce(json_agg(amount), '[]') from (
        select sent.amount::text as amount from ${transactions} sent where ${sendsOnNetwork}
        order by sent.created_at desc nulls last limit 50) earlier)`,
      paid: sql<unknown>`(select coalesce(json_agg(address), '[]') from (
        select distinct sent.to_address as address from ${transactions} sent where ${sendsOnNetwork} limit 500) paid)`,
      own: sql<unknown>`(select coalesce(json_agg(mine.address), '[]') from ${wallets} mine where mine.user_id = ${userId})`,
      recent: sql<unknown>`(select count(*)::int from ${transactions} sent
        where sent.user_id = ${userId} and sent.type = 'send' and sent.created_at > ${burstSince.toISOString()}::timestamptz)`,
    })
    .from(wallets)
    .where(or(eq(wallets.id, senderWalletId), atRecipient))
    .orderBy(asc(wallets.id))
    .for('update', { of: wallets });
  const first = rows[0];
  return {
    locked: rows.map((row) => row.wallet),
    history: {
      earlierAmountsUnits: list(first?.earlier).map((amount) => BigInt(amount)),
      paidAddresses: list(first?.paid),
      ownAddresses: list(first?.own),
      recentSendCount: Number(first?.recent ?? 0),
    },
  };
}

/** What a transfer adds to one wallet's balance: negative for the sender's amount + fee. */
export interface BalanceChange {
  walletId: string;
  deltaUnits: bigint;
  /** Whether this wallet signed (its nonce moves on). */
  isSigner: boolean;
}

/**
 * Everything a transfer writes, in one statement: the balances, its rows, its alerts, and the stored answer
 * for its Idempotency-Key. Every row comes complete from the caller (ids included), so nothing is read back.
 */
export async function writeSend(
  db: Db,
  records: {
    balanceChanges: readonly BalanceChange[];
    transactionRows: (typeof transactions.$inferInsert)[];
    alertRows: (typeof fraudAlerts.$inferInsert)[];
    userId: string;
    idempotencyKey: string;
    statusCode: number;
    response: unknown;
  },
): Promise<void> {
  const { balanceChanges } = records;
  const caseOf = (value: (change: BalanceChange) => SQL) =>
    sql.join([sql`case ${wallets.id}`, ...balanceChanges.map((change) => sql`when ${change.walletId}::uuid then ${value(change)}`), sql`end`], sql` `);
  const moveBalances = db
    .update(wallets)
    .set({
      balance: caseOf((change) => sql`${wallets.balance} + ${change.deltaUnits.toString()}::numeric`),
      nextNonce: caseOf((change) => (change.isSigner ? sql`${wallets.nextNonce} + 1` : sql`${wallets.nextNonce}`)),
    })
    .where(inArray(wallets.id, balanceChanges.map((change) => change.walletId)))
    .returning({ id: wallets.id });
  const insertAlerts = records.alertRows.length > 0 ? sql`, new_alerts as (${db.insert(fraudAlerts).values(records.alertRows).getSQL()})` : sql``;
  const saveAnswer = db
    .update(idempotencyKeys)
    .set({ statusCode: records.statusCode, response: records.response })
    .where(and(eq(idempotencyKeys.userId, records.userId), eq(idempotencyKeys.key, records.idempotencyKey)));
  const result = (await db.execute(
    sql`with moved as (${moveBalances.getSQL()}), new_transactions as (${db.insert(transactions).values(records.transactionRows).getSQL()})${insertAlerts}
      ${saveAnswer.getSQL()} returning (select count(*) from moved)::int as moved`,
  )) as unknown as { rows: { moved: unknown }[] };
  const moved = Number(result.rows[0]?.moved);
  if (moved !== balanceChanges.length) throw new Error(`the send moved ${moved} of ${balanceChanges.length} balances`);
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
