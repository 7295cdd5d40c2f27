import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mints, wallets } from '../db/schema.ts';

/** The columns a wallet view needs; the sealed private key stays out of every read but the signer's. */
export const walletViewColumns = {
  id: wallets.id,
  network: wallets.network,
  address: wallets.address,
  balance: wallets.balance,
  createdAt: wallets.createdAt,
};

export async function hasConnectedWalletOn(db: Db, userId: string, network: string): Promise<boolean> {
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.network, network), isNull(wallets.disconnectedAt)));
  return row !== undefined;
}

/** Every wallet the user ever had, connected or not. */
export async function countWalletsEver(db: Db, userId: string): Promise<number> {
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

/** Inserts the wallet with its starting balance and records that balance as minted, atomically. */
export async function insertWalletWithMint(db: Db, wallet: NewWallet, startingBalance: bigint) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(wallets)
      .values({ ...wallet, balance: startingBalance })
      .returning(walletViewColumns);
    if (!row) throw new Error('wallet insert returned no row');
    await tx.insert(mints).values({ walletId: row.id, network: wallet.network, amount: startingBalance });
    return row;
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
