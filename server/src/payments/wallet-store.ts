import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mints, users, wallets } from '../db/schema.ts';

/** The columns a wallet view needs; the sealed private key stays out of every read but the signer's. */
export const walletViewColumns = {
  id: wallets.id,
  network: wallets.network,
  address: wallets.address,
  balance: wallets.balance,
  createdAt: wallets.createdAt,
};

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
  network: string;
  address: string;
  publicKey: string;
  encryptedPrivateKey: string;
}

export type OpenWalletResult =
  | { outcome: 'opened'; row: Awaited<ReturnType<typeof insertWithMint>> }
  | { outcome: 'already_connected' }
  | { outcome: 'limit_reached' };

async function insertWithMint(db: Db, wallet: NewWallet, startingBalance: bigint) {
  const [row] = await db
    .insert(wallets)
    .values({ ...wallet, balance: startingBalance })
    .returning(walletViewColumns);
  if (!row) throw new Error('wallet insert returned no row');
  await db.insert(mints).values({ walletId: row.id, network: wallet.network, amount: startingBalance });
  return row;
}

/**
 * Inserts the wallet with its starting balance and records that balance as minted, atomically, unless the
 * user already has a connected wallet on that network or has had `maxWalletsEver` wallets. The checks and
 * the insert run in one transaction holding the user's row (FOR NO KEY UPDATE: it does not block sign-ins,
 * whose session rows only take a key-share lock on it), so concurrent opens for one user go one at a time
 * and the cap holds however many race; other users' opens do not wait.
 */
export async function openWalletWithMint(db: Db, wallet: NewWallet, startingBalance: bigint, maxWalletsEver: number): Promise<OpenWalletResult> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, wallet.userId)).for('no key update');
    if (!owner) throw new Error('opening a wallet for a user that does not exist');
    if (await hasConnectedWalletOn(tx, wallet.userId, wallet.network)) return { outcome: 'already_connected' };
    if ((await countWalletsEver(tx, wallet.userId)) >= maxWalletsEver) return { outcome: 'limit_reached' };
    return { outcome: 'opened', row: await insertWithMint(tx, wallet, startingBalance) };
  });
}

export async function markDisconnected(db: Db, userId: string, walletId: string) {
  const [row] = await db
    .update(wallets)
    .set({ disconnectedAt: sql`now()` })
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)))
    .returning(walletViewColumns);
  return row;
}
