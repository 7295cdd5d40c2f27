import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { wallets } from '../../db/schema.ts';
import { walletViewColumns } from '../../payments/wallet-store.ts';

// Read queries only: opening and closing wallets (and every balance change) is the payments engine's (payments/).

export async function listConnectedWallets(db: Db, userId: string) {
  return db
    .select(walletViewColumns)
    .from(wallets)
    .where(and(eq(wallets.userId, userId), isNull(wallets.disconnectedAt)))
    .orderBy(asc(wallets.createdAt), asc(wallets.id));
}

/** The user's connected wallet with this id, or undefined (another user's and disconnected ones included). */
export async function findConnectedWallet(db: Db, userId: string, walletId: string) {
  const [row] = await db
    .select(walletViewColumns)
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)));
  return row;
}

/**
 * The sealed key of the user's connected wallet with this id, with the address it was sealed for, or undefined
 * (another user's and disconnected ones included). Read only for a demo account's "Show test key".
 */
export async function findConnectedWalletKey(db: Db, userId: string, walletId: string) {
  const [row] = await db
    .select({ network: wallets.network, address: wallets.address, encryptedPrivateKey: wallets.encryptedPrivateKey })
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId), isNull(wallets.disconnectedAt)));
  return row;
}

/** True once the user has had any wallet, connected or not: starter wallets are created only before that. */
export async function hasEverHadWallet(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return row !== undefined;
}
