import type { AssetBalanceView, WalletView } from '@fincrypt/domain';

/** The wallet list with this wallet added (once: a realtime event and the mutation may both bring it). */
export function withWallet(wallets: WalletView[] | undefined, wallet: WalletView): WalletView[] | undefined {
  if (!wallets) return wallets;
  return wallets.some((existing) => existing.id === wallet.id) ? wallets : [...wallets, wallet];
}

export function withoutWallet(wallets: WalletView[] | undefined, walletId: string): WalletView[] | undefined {
  return wallets?.filter((wallet) => wallet.id !== walletId);
}

/**
 * The list with one wallet's balances replaced (a `balance_update`): the native coin's from `newBalance`, every
 * asset's from `balances` when the event has them; undefined when that wallet is not in the list.
 */
export function withBalance(
  wallets: WalletView[] | undefined,
  update: { walletId: string; newBalance: string; newBalanceUnits: string; balances?: readonly AssetBalanceView[] | undefined },
): WalletView[] | undefined {
  if (!wallets?.some((wallet) => wallet.id === update.walletId)) return undefined;
  return wallets.map((wallet) => {
    if (wallet.id !== update.walletId) return wallet;
    const balances = update.balances && update.balances.length > 0 ? [...update.balances] : wallet.balances;
    return { ...wallet, balance: update.newBalance, balanceUnits: update.newBalanceUnits, balances };
  });
}

/** The list with this wallet's copy replaced by a newer one (a faucet claim's answer); unchanged when it is not in it. */
export function withUpdatedWallet(wallets: WalletView[] | undefined, wallet: WalletView): WalletView[] | undefined {
  return wallets?.map((existing) => (existing.id === wallet.id ? wallet : existing));
}

/** The list with one wallet's next faucet time set (a claim the server refused until then). */
export function withNextFaucetAt(wallets: WalletView[] | undefined, walletId: string, nextFaucetAt: string): WalletView[] | undefined {
  return wallets?.map((wallet) => (wallet.id === walletId ? { ...wallet, nextFaucetAt } : wallet));
}
