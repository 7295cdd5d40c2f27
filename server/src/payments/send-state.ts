import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { wallets } from '../db/schema.ts';
import { BURST_SENDS } from './fraud-rules.ts';

/**
 * A wallet row as a send reads it, with its balance of each asset and the display currency its owner chose (null
 * until they choose one): a send's value at send time is kept in it.
 */
export type LockedWallet = typeof wallets.$inferSelect & { balances: Record<string, bigint>; ownerCurrency: string | null };

/** The history the fraud rules compare a send with (see fraud-rules.ts). */
export interface FraudContext {
  /** The user's latest sends on the sender's network, newest first, of any asset. */
  earlierSends: { asset: string; amountUnits: bigint }[];
  paidAddresses: string[];
  ownAddresses: string[];
  /** The addresses the user saved as contacts on the sender's network: known recipients (modules/contacts). */
  contactAddresses: string[];
  /** When the user's latest sends (on any network) were made, newest first: the burst rule counts those in its window. */
  recentSendTimesMs: number[];
}

/** What a send is decided from (send_state, migrations 0009 and 0011), and its md5, which the one-call send checks under lock. */
export interface SendState {
  wallets: LockedWallet[];
  history: FraudContext;
  md5: string;
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
 * The burst rule only asks whether this send is the BURST_SENDS-th in its window, so the times of the latest
 * BURST_SENDS sends are all it needs.
 */
const RECENT_SENDS_KEPT = BURST_SENDS;

/** send_state's arguments, as SQL parameters in its order. */
export function sendStateArgs(scope: SendStateScope): [string, string, string, number] {
  const candidates = scope.recipientCandidates.map(({ network, address }) => ({ network, address }));
  return [scope.userId, scope.senderWalletId, JSON.stringify(candidates), RECENT_SENDS_KEPT];
}

interface WalletJson {
  id: string;
  user_id: string;
  network: string;
  address: string;
  public_key: string;
  encrypted_private_key: string;
  next_nonce: number;
  faucet_claimed_at: string | null;
  created_at: string;
  disconnected_at: string | null;
  owner_currency: string | null;
  balances: Record<string, string>;
}

interface StateJson {
  wallets: WalletJson[];
  earlier: [string, string][];
  paid: string[];
  own: string[];
  saved: string[];
  recent: string[];
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** send_state's jsonb (an object, or its text) as the send path uses it. */
export function parseSendState(value: unknown, md5: string): SendState {
  const state = (typeof value === 'string' ? JSON.parse(value) : value) as StateJson;
  return {
    wallets: state.wallets.map((wallet) => ({
      id: wallet.id,
      userId: wallet.user_id,
      network: wallet.network,
      address: wallet.address,
      publicKey: wallet.public_key,
      encryptedPrivateKey: wallet.encrypted_private_key,
      nextNonce: wallet.next_nonce,
      faucetClaimedAt: dateOrNull(wallet.faucet_claimed_at),
      createdAt: new Date(wallet.created_at),
      disconnectedAt: dateOrNull(wallet.disconnected_at),
      ownerCurrency: wallet.owner_currency,
      balances: Object.fromEntries(Object.entries(wallet.balances).map(([asset, units]) => [asset, BigInt(units)])),
    })),
    history: {
      earlierSends: state.earlier.map(([asset, amount]) => ({ asset, amountUnits: BigInt(amount) })),
      paidAddresses: state.paid,
      ownAddresses: state.own,
      contactAddresses: state.saved,
      recentSendTimesMs: state.recent.map((time) => Date.parse(time)),
    },
    md5,
  };
}

/** How many of the user's sends fall after `sinceMs` (the burst rule's window). */
export const sendsSince = (history: FraudContext, sinceMs: number) => history.recentSendTimesMs.filter((time) => time > sinceMs).length;

/** One of migration 0009's state readers, called with the scope's arguments: the state and its md5. */
async function stateFrom(db: Db, reader: 'send_state' | 'lock_send_state', scope: SendStateScope): Promise<SendState> {
  const [userId, walletId, candidates, recent] = sendStateArgs(scope);
  const result = (await db.execute(
    sql`select state, md5(state::text) as md5 from ${sql.identifier(reader)}(${userId}, ${walletId}::uuid, ${candidates}::jsonb, ${recent}::int) state`,
  )) as unknown as { rows: { state: unknown; md5: string }[] };
  const row = result.rows[0];
  if (!row) throw new Error(`${reader} returned no row`);
  return parseSendState(row.state, row.md5);
}

/** Reads a send's state without locking anything: what the one-call send decides from when it has none at hand. */
export const readSendState = (db: Db, scope: SendStateScope) => stateFrom(db, 'send_state', scope);

/**
 * Locks the sender's wallet and any wallet at one of the candidates with their balance rows (in id order, so two
 * opposite transfers cannot deadlock), then reads the state as it is under the lock: the transaction path's read.
 */
export const lockSendState = (db: Db, scope: SendStateScope) => stateFrom(db, 'lock_send_state', scope);

/** The most wallets whose state is kept. */
export const SEND_STATE_CACHE_LIMIT = 10_000;

/**
 * Whether a state holds no wallet but the sender's: then it is also the state for any recipient that is not a wallet of
 * ours, whatever recipient it was read for (the wallets at the candidates are the only part that depends on them).
 */
const holdsOnlyTheSender = (state: SendState, scope: SendStateScope) =>
  state.wallets.length === 1 && state.wallets[0]!.id === scope.senderWalletId;

/**
 * The state each wallet's last send left behind, so the same user's next send from it needs no read: the one-call
 * send checks it under lock, and a state changed elsewhere comes back from that call. One entry per (user, wallet). It
 * serves the recipient it was read for; and one holding only the sender's wallet serves any recipient, on the guess
 * that the recipient is outside (a wallet of ours there makes the state differ, and the call answers the right one).
 * Bounded: the entry set longest ago goes when it is full (each successful send sets its wallet's anew; a state read
 * ahead, when the user's wallets are listed, is kept only where the wallet has none).
 */
export function createSendStateCache(limit = SEND_STATE_CACHE_LIMIT) {
  const entries = new Map<string, { recipients: string; state: SendState }>();
  const walletKey = (scope: Pick<SendStateScope, 'userId' | 'senderWalletId'>) => `${scope.userId} ${scope.senderWalletId}`;
  const recipientsKey = (scope: SendStateScope) => scope.recipientCandidates.map((candidate) => `${candidate.network}:${candidate.address}`).join(' ');
  /** Keeps the entry last in line to go, dropping the one set longest ago when over the limit. */
  const keep = (scope: SendStateScope, state: SendState) => {
    entries.set(walletKey(scope), { recipients: recipientsKey(scope), state });
    if (entries.size > limit) entries.delete(entries.keys().next().value as string);
  };
  return {
    get(scope: SendStateScope): SendState | undefined {
      const entry = entries.get(walletKey(scope));
      if (!entry) return undefined;
      return entry.recipients === recipientsKey(scope) || holdsOnlyTheSender(entry.state, scope) ? entry.state : undefined;
    },
    set(scope: SendStateScope, state: SendState) {
      entries.delete(walletKey(scope));
      keep(scope, state);
    },
    /** Keeps `state` unless the wallet has one: a state a send left is never replaced by a read that started before it. */
    setIfAbsent(scope: SendStateScope, state: SendState) {
      if (!entries.has(walletKey(scope))) keep(scope, state);
    },
    /** Whether the wallet has a state kept, for any recipient. */
    has: (scope: Pick<SendStateScope, 'userId' | 'senderWalletId'>) => entries.has(walletKey(scope)),
    delete: (scope: SendStateScope) => entries.delete(walletKey(scope)),
    get size() {
      return entries.size;
    },
  };
}

export type SendStateCache = ReturnType<typeof createSendStateCache>;
