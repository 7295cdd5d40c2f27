import {
  type AssetBalanceView,
  type FeeQuoteView,
  type FeeQuotesResponse,
  NETWORKS,
  type PriceTokenId,
  type WalletView,
  findAsset,
  formatAmountTrimmed,
  listAssets,
} from '@fincrypt/domain';

/** One asset the Send form offers for a wallet: what the registry says of it, and the wallet's balance of it. */
export interface SendableAsset {
  symbol: string;
  name: string;
  decimals: number;
  kind: 'native' | 'token';
  /** As the API shows it (4 places for coins, 2 for USDC), cut. */
  balance: string;
  balanceUnits: string;
  priceTokenId: PriceTokenId;
}

/**
 * The assets a wallet can send, the native coin first: the wallet's `balances` (one per asset of its network).
 * A wallet view without them (an older server) offers its coin alone, at its coin balance.
 */
export function sendableAssets(wallet: WalletView): SendableAsset[] {
  // A wallet pushed by a server from before assets has no `balances`: it then offers its coin alone.
  const balances = (wallet.balances as readonly AssetBalanceView[] | undefined) ?? [];
  const fromBalances = balances.flatMap((entry): SendableAsset[] => {
    const asset = findAsset(wallet.network, entry.asset);
    if (!asset) return [];
    return [
      {
        symbol: asset.symbol,
        name: entry.name || asset.name,
        decimals: asset.decimals,
        kind: asset.kind,
        balance: entry.balance,
        balanceUnits: entry.balanceUnits,
        priceTokenId: asset.priceTokenId,
      },
    ];
  });
  if (fromBalances.length > 0) return fromBalances;
  const native = listAssets(wallet.network)[0]!;
  return [
    {
      symbol: native.symbol,
      name: native.name,
      decimals: native.decimals,
      kind: 'native',
      balance: wallet.balance,
      balanceUnits: wallet.balanceUnits,
      priceTokenId: native.priceTokenId,
    },
  ];
}

/** The wallet's native coin: what every network fee is paid in. */
export function nativeSymbolOf(wallet: Pick<WalletView, 'network'>): string {
  return NETWORKS[wallet.network].symbol;
}

/**
 * The wallet's balance of each asset by symbol, in smallest units, for the send rules (checkSend). The quote
 * on screen is fresher than the wallet list where it says otherwise: its `balance` is the asset's and its
 * `feeBalance` the coin's.
 */
export function balancesForCheck(wallet: WalletView, quotes: FeeQuotesResponse | undefined): Record<string, bigint> {
  const balances: Record<string, bigint> = {};
  for (const asset of sendableAssets(wallet)) balances[asset.symbol] = BigInt(asset.balanceUnits);
  if (quotes && quotes.walletId === wallet.id) {
    balances[quotes.asset] = BigInt(quotes.balanceUnits);
    balances[quotes.symbol] = BigInt(quotes.feeBalanceUnits);
  }
  return balances;
}

/** "USD Coin (USDC) - 1000.00 USDC": how the asset selector names an option. */
export function assetOptionLabel(asset: SendableAsset): string {
  return `${asset.name} (${asset.symbol}) - ${asset.balance} ${asset.symbol}`;
}

/**
 * What MAX fills in. For the coin, the quote's maxSendable (its balance less the fee, cut to 8 places). For a
 * token, the whole balance exactly, in the token's own decimals: the quote's text has 8 places, more than
 * USDC's 6, which the send rules would refuse as too many decimals.
 */
export function maxAmountText(quote: Pick<FeeQuoteView, 'maxSendable' | 'maxSendableUnits'>, asset: Pick<SendableAsset, 'kind' | 'decimals'> | undefined): string {
  if (asset?.kind !== 'token') return quote.maxSendable;
  return formatAmountTrimmed(BigInt(quote.maxSendableUnits), asset.decimals);
}
