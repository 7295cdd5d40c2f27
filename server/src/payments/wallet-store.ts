import { NETWORK_IDS, chainFamilyOf, getNetwork, listAssets, type NetworkId } from '@fincrypt/domain';
import { and, asc, count, eq, inArray, isNull, max, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Chain } from '../chain/chains.ts';
import type { Db } from '../db/database.ts';
import { mints, transactions, users, walletBalances, wallets } from '../db/schema.ts';
import { signedGrantRows } from './chain-grants.ts';
import type { Balances, TransactionRow, WalletViewRow } from './views.ts';

/** json arrives parsed from node-postgres and as text from some drivers. */
export function jsonValue<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The wallet's balances as one json object { symbol: "units" }, read beside the wallet row. */
const balancesJson = sql<unknown>`(select coalesce(json_object_agg(b.asset, b.balance::text), '{}')
  from ${walletBalances} b where b.wallet_id = ${wallets.id})`;

/**
 * What is on its way into the wallet on a real chain, per asset: payments from our wallets and grants that no block
 * has booked yet (transactions_incoming_idx). Empty on a simulated chain, where money arrives when it is sent. The
 * wallet's id is named in full: drizzle writes a lone "id" when it selects from one table, which would be t's here.
 */
export const incomingJson = sql<unknown>`(select coalesce(json_object_agg(i.asset, i.total::text), '{}') from (
  select t.asset, sum(t.amount) as total from ${transactions} t
  where t.wallet_id = "wallets"."id" and t.is_on_chain and not t.is_booked and t.type <> 'send' and t.status <> 'failed' and not t.is_foreign
  group by t.asset) i)`;

/** The columns a wallet view needs, balances included; the sealed private key stays out of every read but the signer's. */
export const walletViewColumns = {
  id: wallets.id,
  network: wallets.network,
  address: wallets.address,
  createdAt: wallets.createdAt,
  faucetClaimedAt: wallets.faucetClaimedAt,
  balances: balancesJson,
  incoming: incomingJson,
};

export type WalletViewRecord = WalletViewRow & { balances: Balances; incoming: Balances };

/** A { symbol: "units" } json object as bigints. */
export const unitsOf = (value: unknown): Balances =>
  Object.fromEntries(Object.entries(jsonValue<Record<string, string>>(value, {})).map(([asset, units]) => [asset, BigInt(units)]));

/** A row read with walletViewColumns, its balances (and what is on its way in) as bigints. */
export function toWalletViewRecord(row: WalletViewRow & { balances: unknown; incoming?: unknown }): WalletViewRecord {
  return { ...row, balances: unitsOf(row.balances), incoming: unitsOf(row.incoming) };
}

async function hasConnectedWalletOn(db: Db, userId: string, network: string): Promise<boolean> {
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.network, network), isNull(wallets.disconnectedAt)));
  return row !== undefined;
}

/** Every wallet the user ever had, connected or not. */
async function countWalletsEver(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(wallets).where(eq(wallets.userId, userId));
  return row?.count ?? 0;
}

export interface NewWallet {
  userId: string;
  network: NetworkId;
  address: string;
  publicKey: string;
  encryptedPrivateKey: string;
}

export type OpenWalletResult = ({ outcome: 'opened' } & OpenedWallet) | { outcome: 'already_connected' } | { outcome: 'limit_reached' };

/** What a user's earlier wallets on a network (disconnected since) leave to a new one there. */
interface EarlierOnNetwork {
  /** Whether there was one: the starter funds went to the first. */
  hadOne: boolean;
  /** The latest faucet claim of any of them: the faucet's day counts per user and network, not per wallet. */
  lastFaucetClaimAt: Date | null;
}

async function earlierWalletsOn(db: Db, userId: string, network: string): Promise<EarlierOnNetwork> {
  const [row] = await db
    .select({ count: count(), lastFaucetClaimAt: max(wallets.faucetClaimedAt) })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.network, network)));
  return { hadOne: (row?.count ?? 0) > 0, lastFaucetClaimAt: row?.lastFaucetClaimAt ?? null };
}

/**
 * The wallet and a balance row per asset of its network. The user's first wallet on the network holds each asset's
 * opening grant, recorded as a mint; a later one (after a disconnect) starts empty, with the faucet's last claim on the
 * network, so that disconnecting and connecting again mints nothing the faucet would not.
 */
async function insertWallet(db: Db, wallet: NewWallet, earlier: EarlierOnNetwork, chain: Chain | undefined): Promise<OpenedWallet> {
  const [row] = await db.insert(wallets).values({ ...wallet, faucetClaimedAt: earlier.lastFaucetClaimAt }).returning({
    id: wallets.id,
    network: wallets.network,
    address: wallets.address,
    createdAt: wallets.createdAt,
    faucetClaimedAt: wallets.faucetClaimedAt,
  });
  if (!row) throw new Error('wallet insert returned no row');
  const assets = listAssets(wallet.network);
  // On a real chain the grant is the treasury's transactions, credited when a block includes them.
  const grantOf = (asset: (typeof assets)[number]) => (earlier.hadOne || chain ? 0n : asset.openingGrantUnits);
  await db.insert(walletBalances).values(assets.map((asset) => ({ walletId: row.id, asset: asset.symbol, balance: grantOf(asset) })));
  // On a real chain the treasury sends the grant: a pending mint transaction per asset, in the outbox (chain-grants.ts).
  const grantRows =
    chain && !earlier.hadOne
      ? await signedGrantRows(db, chain, getNetwork(wallet.network), { id: row.id, userId: wallet.userId, address: row.address }, assets.map((asset) => ({ asset, units: asset.openingGrantUnits })), new Date())
      : [];
  if (grantRows.length > 0) await db.insert(transactions).values(grantRows);
  if (!earlier.hadOne) {
    await db.insert(mints).values(
      assets.map((asset) => ({
        walletId: row.id,
        network: wallet.network,
        asset: asset.symbol,
        amount: asset.openingGrantUnits,
        source: 'opening' as const,
        transactionId: grantRows.find((grant) => grant.asset === asset.symbol)?.id ?? null,
      })),
    );
  }
  const balances = Object.fromEntries(assets.map((asset) => [asset.symbol, grantOf(asset)]));
  const incoming = Object.fromEntries(grantRows.map((grant) => [grant.asset, grant.amount]));
  return { row: { ...row, balances, incoming }, grantRows };
}

/** A wallet just opened, and the treasury's grant transactions when it is on a real chain. */
export interface OpenedWallet {
  row: WalletViewRecord;
  grantRows: TransactionRow[];
}

/**
 * Inserts the wallet (with its opening balances, recorded as minted, when it is the user's first on the network),
 * atomically, unless the user already has a connected wallet on that network or has had `maxWalletsEver` wallets. The checks and the
 * insert run in one transaction holding the user's row (FOR NO KEY UPDATE: it does not block sign-ins,
 * whose session rows only take a key-share lock on it), so concurrent opens for one user go one at a time
 * and the cap holds however many race; other users' opens do not wait.
 */
export async function openWalletWithMints(db: Db, wallet: NewWallet, maxWalletsEver: number, chain?: Chain): Promise<OpenWalletResult> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, wallet.userId)).for('no key update');
    if (!owner) throw new Error('opening a wallet for a user that does not exist');
    if (await hasConnectedWalletOn(tx, wallet.userId, wallet.network)) return { outcome: 'already_connected' };
    if ((await countWalletsEver(tx, wallet.userId)) >= maxWalletsEver) return { outcome: 'limit_reached' };
    const key = (await evmKeyToShare(tx, wallet.userId, wallet.network)) ?? wallet;
    const opened = { ...wallet, address: key.address, publicKey: key.publicKey, encryptedPrivateKey: key.encryptedPrivateKey };
    return { outcome: 'opened', ...(await insertWallet(tx, opened, await earlierWalletsOn(tx, wallet.userId, wallet.network), chain)) };
  });
}

type WalletKey = Pick<NewWallet, 'address' | 'publicKey' | 'encryptedPrivateKey'>;

/**
 * One EVM address per user, as MetaMask shows one account on every EVM chain: a new wallet on an EVM network takes
 * the key of the user's oldest connected wallet on another EVM network, unless that address already had a wallet
 * here (one disconnected since), when it gets a key of its own. Sealed keys are bound to their address alone
 * (chain/key-vault.ts), so the sealed key is shared as it is.
 */
async function evmKeyToShare(db: Db, userId: string, network: NetworkId): Promise<WalletKey | undefined> {
  if (chainFamilyOf(network) !== 'evm') return undefined;
  const otherEvmNetworks = NETWORK_IDS.filter((id) => id !== network && chainFamilyOf(id) === 'evm');
  if (otherEvmNetworks.length === 0) return undefined;
  const here = alias(wallets, 'here');
  const [row] = await db
    .select({ address: wallets.address, publicKey: wallets.publicKey, encryptedPrivateKey: wallets.encryptedPrivateKey })
    .from(wallets)
    .where(
      and(
        eq(wallets.userId, userId),
        inArray(wallets.network, otherEvmNetworks),
        isNull(wallets.disconnectedAt),
        notExists(db.select({ id: here.id }).from(here).where(and(eq(here.network, network), eq(here.address, wallets.address)))),
      ),
    )
    .orderBy(asc(wallets.createdAt), asc(wallets.id))
    .limit(1);
  return row;
}

export async function markDisconnected(db: Db, userId: string, walletId: string): Promise<WalletViewRecord | undefined> {
  const [row] = await db
    .update(wallets)
    .set({ disconnectedAt: sql`now()` })
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)))
    .returning(walletViewColumns);
  return row ? toWalletViewRecord(row) : undefined;
}
