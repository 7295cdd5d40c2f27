import type { WalletView } from '@fincrypt/domain';

/** The wallet list with this wallet added (once: a realtime event and the mutation may both bring it). */
export function withWallet(wallets: WalletView[] | undefined, wallet: WalletView): WalletView[] | undefined {
  if (!wallets) return wallets;
  return wallets.some((existing) => existing.id === wallet.id) ? wallets : [...wallets, wallet];
}

export function withoutWallet(wallets: WalletView[] | undefined, walletId: string): WalletView[] | undefined {
  return wallets?.filter((wallet) => wallet.id !== walletId);
}

/** The list with one wallet's balance replaced; undefined when that wallet is not in it. */
export function withBalance(
  wallets: WalletView[] | undefined,
  update: { walletId: string; newBalance: string; newBalanceUnits: string },
): WalletView[] | undefined {
  if (!wallets?.some((wallet) => wallet.id === update.walletId)) return undefined;
  return wallets.map((wallet) =>
    wallet.id === update.walletId ? { ...wallet, balance: update.newBalance, balanceUnits: update.newBalanceUnits } : wallet,
  );
}
