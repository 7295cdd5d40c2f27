import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/database.ts';
import { users, walletBalances, wallets } from '../db/schema.ts';
import { BURST_SENDS, EARLIER_SENDS_COMPARED, PAYEES_KNOWN } from './fraud-rules.ts';
import { incomingJson, unitsOf } from './wallet-store.ts';

/**
 * A wallet row as a send reads it under its lock, with its balance of each asset and the display currency its owner
 * chose (null until they choose one): a send's value at send time is kept in it.
 */
/** A wallet locked for a write: its row, its balances, what is on its way in on a real chain, and its owner's currency. */
export type LockedWallet = typeof wallets.$inferSelect & { balances: Record<string, bigint>; incoming: Record<string, bigint>; ownerCurrency: string | null };

/** The history the fraud rules compare a send with (see fraud-rules.ts), each part bounded there. */
export interface FraudContext {
  /** The user's latest sends on the sender's network, newest first, of any asset (at most EARLIER_SENDS_COMPARED). */
  earlierSends: { asset: string; amountUnits: bigint }[];
  /** Addresses the user has paid on the sender's network (at most PAYEES_KNOWN). */
  paidAddresses: string[];
  ownAddresses: string[];
  /** The addresses the user saved as contacts on the sender's network: known recipients (modules/contacts). */
  contactAddresses: string[];
  /** When the user's latest sends (on any network) were made, newest first: the burst rule counts those in its window. */
  recentSendTimesMs: number[];
}

/** What a send is decided from: the wallets it touches, locked, and the sender's history. */
export interface SendState {
  wallets: LockedWallet[];
  history: FraudContext;
}

/** A wallet of ours the recipient address may name: the address in canonical form on one network it is valid on. */
export interface RecipientCandidate {
  network: string;
  address: string;
}

/** Whose state: the user, the wallet they send from, and the wallets of ours the recipient address may name. */
export interface SendStateScope {
  userId: string;
  senderWalletId: string;
  recipientCandidates: readonly RecipientCandidate[];
}

/**
 * Locks the wallets that `where` selects, with their balance rows, in (wallet id, asset) order: every writer of balances
 * (a send, a speed-up) locks in this order, so two opposite transfers queue rather than deadlock. Answers them as
 * locked, with their owners' display currencies. `where` names wallets by columns that never change (id, network,
 * address), with no subquery: a row that waited for its lock is re-checked against it, and a subquery over rows that
 * changed meanwhile could drop the row.
 */
async function lockWalletsWhere(tx: Db, where: SQL): Promise<LockedWallet[]> {
  const rows = await tx
    .select({ wallet: wallets, asset: walletBalances.asset, balance: walletBalances.balance, ownerCurrency: users.displayCurrency, incoming: incomingJson })
    .from(wallets)
    .innerJoin(walletBalances, eq(walletBalances.walletId, wallets.id))
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(where)
    .orderBy(asc(wallets.id), asc(walletBalances.asset))
    .for('update', { of: [wallets, walletBalances] });
  const locked = new Map<string, LockedWallet>();
  for (const row of rows) {
    const wallet = locked.get(row.wallet.id) ?? { ...row.wallet, balances: {}, incoming: unitsOf(row.incoming), ownerCurrency: row.ownerCurrency };
    wallet.balances[row.asset] = row.balance;
    locked.set(row.wallet.id, wallet);
  }
  return [...locked.values()];
}

/** Locks the wallets with these ids (see lockWalletsWhere). */
export async function lockWallets(tx: Db, walletIds: readonly string[]): Promise<LockedWallet[]> {
  return walletIds.length === 0 ? [] : lockWalletsWhere(tx, inArray(wallets.id, [...walletIds]));
}

/** The sender's wallet, and ours at any of the candidates (found through (network, address)). */
function walletsOfSend(scope: SendStateScope): SQL {
  const sender = eq(wallets.id, scope.senderWalletId);
  if (scope.recipientCandidates.length === 0) return sender;
  const pairs = scope.recipientCandidates.map(({ network, address }) => sql`(${network}, ${address})`);
  return sql`(${sender} or (${wallets.network}, ${wallets.address}) in (${sql.join(pairs, sql`, `)}))`;
}

/**
 * The history query: each part stops at its bound, read through the indexes of migrations 0011 and 0012 so that a
 * send costs the same for a long history as for a short one. The latest sends are keyed by user_id || '/' || network
 * (the expression transactions_user_sends_idx holds); the addresses paid are walked one index probe per distinct
 * address (PostgreSQL has no skip scan). Exported for the test that checks its cost does not grow with the history.
 */
export function fraudHistorySql(userId: string, senderWalletId: string): SQL {
  return sql`with network as (select w.network from wallets w where w.id = ${senderWalletId}::uuid)
  select
    (select coalesce(jsonb_agg(jsonb_build_array(e.asset, e.amount::text) order by e.created_at desc, e.id desc), '[]')
      from (select t.asset, t.amount, t.created_at, t.id from transactions t
            where t.user_id || '/' || t.network = ${userId} || '/' || (select network from network) and t.type = 'send'
            order by t.created_at desc nulls last, t.id desc nulls last limit ${EARLIER_SENDS_COMPARED}) e) as earlier,
    (select coalesce(jsonb_agg(p.address order by p.address), '[]')
      from (with recursive payee(address) as (
              (select t.to_address from transactions t
               where t.user_id = ${userId} and t.type = 'send' and t.network = (select network from network)
               order by t.to_address limit 1)
              union all
              select (select t.to_address from transactions t
                      where t.user_id = ${userId} and t.type = 'send' and t.network = (select network from network)
                        and t.to_address > payee.address
                      order by t.to_address limit 1)
              from payee where payee.address is not null)
            select payee.address from payee where payee.address is not null limit ${PAYEES_KNOWN}) p) as paid,
    (select coalesce(jsonb_agg(mine.address order by mine.address), '[]') from wallets mine where mine.user_id = ${userId}) as own,
    (select coalesce(jsonb_agg(saved.address order by saved.address), '[]') from contacts saved
      where saved.user_id = ${userId} and saved.network = (select network from network)) as saved,
    (select coalesce(jsonb_agg(r.created_at order by r.created_at desc, r.id desc), '[]')
      from (select s.created_at, s.id
            from (select distinct mine.network from wallets mine where mine.user_id = ${userId}) n
            cross join lateral (select t.created_at, t.id from transactions t
                                where t.user_id || '/' || t.network = ${userId} || '/' || n.network and t.type = 'send'
                                order by t.created_at desc nulls last, t.id desc nulls last limit ${BURST_SENDS}) s
            order by s.created_at desc, s.id desc limit ${BURST_SENDS}) r) as recent`;
}

interface HistoryRow {
  earlier: unknown;
  paid: unknown;
  own: unknown;
  saved: unknown;
  recent: unknown;
}

/** A jsonb column as the driver gives it: parsed already (node-postgres, PGlite) or as text. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Reads the sender's history for the fraud rules. */
export async function readFraudHistory(tx: Db, userId: string, senderWalletId: string): Promise<FraudContext> {
  const [row] = await rowsOf<HistoryRow>(tx, fraudHistorySql(userId, senderWalletId));
  if (!row) throw new Error('the fraud history query returned no row');
  return {
    earlierSends: json<[string, string][]>(row.earlier).map(([asset, amount]) => ({ asset, amountUnits: BigInt(amount) })),
    paidAddresses: json<string[]>(row.paid),
    ownAddresses: json<string[]>(row.own),
    contactAddresses: json<string[]>(row.saved),
    recentSendTimesMs: json<string[]>(row.recent).map((time) => Date.parse(time)),
  };
}

/**
 * Locks the sender's wallet and any wallet of ours at one of the candidates with their balance rows, then reads the
 * sender's history as it is under the lock: what a send is decided from.
 */
export async function lockSendState(tx: Db, scope: SendStateScope): Promise<SendState> {
  const locked = await lockWalletsWhere(tx, walletsOfSend(scope));
  const history = await readFraudHistory(tx, scope.userId, scope.senderWalletId);
  return { wallets: locked, history };
}

/** How many of the user's sends fall after `sinceMs` (the burst rule's window). */
export const sendsSince = (history: FraudContext, sinceMs: number) => history.recentSendTimesMs.filter((time) => time > sinceMs).length;
