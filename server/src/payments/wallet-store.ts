import { listAssets, type NetworkId } from '@fincrypt/domain';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mints, users, walletBalances, wallets } from '../db/schema.ts';
import type { Balances, WalletViewRow } from './views.ts';

/** json arrives parsed from node-postgres and as text from some drivers. */
export function jsonValue<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The wallet's balances as one json object { symbol: "units" }, read beside the wallet row. */
const balancesJson = sql<unknown>`(select coalesce(json_object_agg(b.asset, b.balance::text), '{}')
  from ${walletBalances} b where b.wallet_id = ${wallets.id})`;

/** The columns a wallet view needs, balances included; the sealed private key stays out of every read but the signer's. */
export const walletViewColumns = {
  id: wallets.id,
  network: wallets.network,
  address: wallets.address,
  createdAt: wallets.createdAt,
  faucetClaimedAt: wallets.faucetClaimedAt,
  balances: balancesJson,
};

export type WalletViewRecord = WalletViewRow & { balances: Balances };

/** A row read with walletViewColumns, its balances as bigints. */
export function toWalletViewRecord(row: WalletViewRow & { balances: unknown }): WalletViewRecord {
  const text = jsonValue<Record<string, string>>(row.balances, {});
  return { ...row, balances: Object.fromEntries(Object.entries(text).map(([asset, units]) => [asset, BigInt(units)])) };
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

export type OpenWalletResult = { outcome: 'opened'; row: WalletViewRecord } | { outcome: 'already_connected' } | { outcome: 'limit_reached' };

/** The wallet, a balance row per asset of its network holding that asset's opening grant, and each grant as a mint. */
async function insertWithMints(db: Db, wallet: NewWallet): Promise<WalletViewRecord> {
  const [row] = await db.insert(wallets).values(wallet).returning({
    id: wallets.id,
    network: wallets.network,
    address: wallets.address,
    createdAt: wallets.createdAt,
    faucetClaimedAt: wallets.faucetClaimedAt,
  });
  if (!row) throw new Error('wallet insert returned no row');
  const assets = listAssets(wallet.network);
  await db.insert(walletBalances).values(assets.map((asset) => ({ walletId: row.id, asset: asset.symbol, balance: asset.openingGrantUnits })));
  await db.insert(mints).values(
    assets.map((asset) => ({ walletId: row.id, network: wallet.network, asset: asset.symbol, amount: asset.openingGrantUnits, source: 'opening' as const })),
  );
  return { ...row, balances: Object.fromEntries(assets.map((asset) => [asset.symbol, asset.openingGrantUnits])) };
}

/**
 * Inserts the wallet with its opening balances and records them as minted, atomically, unless the user
 * already has a connected wallet on that network or has had `maxWalletsEver` wallets. The checks and the
 * insert run in one transaction holding the user's row (FOR NO KEY UPDATE: it does not block sign-ins,
 * whose session rows only take a key-share lock on it), so concurrent opens for one user go one at a time
 * and the cap holds however many race; other users' opens do not wait.
 */
export async function openWalletWithMints(db: Db, wallet: NewWallet, maxWalletsEver: number): Promise<OpenWalletResult> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, wallet.userId)).for('no key update');
    if (!owner) throw new Error('opening a wallet for a user that does not exist');
    if (await hasConnectedWalletOn(tx, wallet.userId, wallet.network)) return { outcome: 'already_connected' };
    if ((await countWalletsEver(tx, wallet.userId)) >= maxWalletsEver) return { outcome: 'limit_reached' };
    return { outcome: 'opened', row: await insertWithMints(tx, wallet) };
  });
}

export async function markDisconnected(db: Db, userId: string, walletId: string): Promise<WalletViewRecord | undefined> {
  const [row] = await db
    .update(wallets)
    .set({ disconnectedAt: sql`now()` })
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)))
    .returning(walletViewColumns);
  return row ? toWalletViewRecord(row) : undefined;
}
