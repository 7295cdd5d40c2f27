import { type AssetBalanceView, type DisplayCurrency, type PriceTokenId, type TokenPrice, type WalletView, findAsset, nativeAsset } from '@fincrypt/domain';

/** One asset a wallet card shows: the wallet's balance of it, and the price id its fiat value comes from. */
export interface WalletAssetBalance {
  /** The asset's id within its network, its symbol ("ETH", "USDC"). */
  asset: string;
  symbol: string;
  name: string;
  kind: 'native' | 'token';
  /** As the API shows it (4 places for coins, 2 for USDC), cut. */
  balance: string;
  /** On a real chain: what is on its way in, not yet in `balance` (no block has included it); absent when nothing is. */
  incoming?: string | undefined;
  priceTokenId: PriceTokenId;
}

/**
 * Every asset of the wallet, its native coin first, from the wallet's `balances`; a wallet without them (pushed
 * by a server from before assets) shows its coin alone. Assets this app does not know are left out: nothing
 * could price them.
 */
export function walletAssetBalances(wallet: WalletView): WalletAssetBalance[] {
  const balances = (wallet.balances as readonly AssetBalanceView[] | undefined) ?? [];
  const known = balances.flatMap((entry): WalletAssetBalance[] => {
    const asset = findAsset(wallet.network, entry.asset);
    return asset
      ? [{ asset: asset.symbol, symbol: entry.symbol, name: entry.name, kind: asset.kind, balance: entry.balance, incoming: entry.incoming, priceTokenId: asset.priceTokenId }]
      : [];
  });
  const native = nativeAsset(wallet.network);
  if (!known.some((entry) => entry.kind === 'native')) {
    known.unshift({ asset: native.symbol, symbol: wallet.symbol, name: native.name, kind: 'native', balance: wallet.balance, priceTokenId: native.priceTokenId });
  }
  return known.sort((a, b) => Number(b.kind === 'native') - Number(a.kind === 'native'));
}

type Prices = Partial<Record<PriceTokenId, TokenPrice>> | undefined;

/** A balance's worth in the display currency; undefined while its price is not known. */
export function assetFiatValue(entry: Pick<WalletAssetBalance, 'balance' | 'priceTokenId'>, prices: Prices, currency: DisplayCurrency): number | undefined {
  const price = prices?.[entry.priceTokenId];
  return price ? Number(entry.balance) * price.prices[currency] : undefined;
}

/**
 * What every asset of every wallet is worth together in the display currency (the sum of the figures the cards
 * show); undefined while any needed price is unknown.
 */
export function totalFiatValue(wallets: readonly WalletView[], prices: Prices, currency: DisplayCurrency): number | undefined {
  let total = 0;
  for (const wallet of wallets) {
    for (const entry of walletAssetBalances(wallet)) {
      const value = assetFiatValue(entry, prices, currency);
      if (value === undefined) return undefined;
      total += value;
    }
  }
  return total;
}
