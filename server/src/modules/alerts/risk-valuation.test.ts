import { FALLBACK_PRICES, PRICE_TOKEN_IDS, type CoinPriceView, type PriceTokenId, isAboveLargeAmount } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { toRiskTransaction } from './routes.ts';

function snapshotWith(usd: Partial<Record<PriceTokenId, number>>) {
  return {
    prices: Object.fromEntries(
      PRICE_TOKEN_IDS.map((tokenId) => [
        tokenId,
        { ...FALLBACK_PRICES[tokenId], prices: { ...FALLBACK_PRICES[tokenId].prices, usd: usd[tokenId] ?? FALLBACK_PRICES[tokenId].prices.usd } },
      ]),
    ) as unknown as Record<PriceTokenId, CoinPriceView>,
  };
}

const send = (network: string, asset: string, amount: bigint) => ({ amount, network, asset, toAddress: 'x', createdAt: new Date(0) });
const isLarge = (transaction: ReturnType<typeof toRiskTransaction>) => isAboveLargeAmount(transaction.amount, transaction.valuation);

describe('toRiskTransaction', () => {
  const snapshot = snapshotWith({});

  it('reads a native send in its coin, with no valuation: the spec rule, above 10 coins', () => {
    const eth = toRiskTransaction(send('eth_sepolia', 'ETH', 10n ** 19n + 1n), snapshot);
    expect(eth).toMatchObject({ amount: { units: 10n ** 19n + 1n, decimals: 18 }, valuation: undefined });
    expect(isLarge(eth)).toBe(true);
    expect(isLarge(toRiskTransaction(send('solana_devnet', 'SOL', 10n * 10n ** 9n), snapshot))).toBe(false);
  });

  it('reads a USDC send with its 6 decimals and its USD price against the native coin of its network', () => {
    const onEthereum = toRiskTransaction(send('eth_sepolia', 'USDC', 500_000_000n), snapshot);
    expect(onEthereum).toMatchObject({ amount: { units: 500_000_000n, decimals: 6 }, valuation: { assetPrice: 1, nativePrice: 2200 } });
    expect(isLarge(onEthereum)).toBe(false);
    expect(isLarge(toRiskTransaction(send('polygon_amoy', 'USDC', 500_000_000n), snapshot))).toBe(true);
    expect(toRiskTransaction(send('solana_devnet', 'USDC', 1n), snapshot).valuation).toEqual({ assetPrice: 1, nativePrice: 100 });
  });

  it('follows the price of the moment: when ETH falls to 40 USD, 500 USDC is worth more than 10 ETH', () => {
    expect(isLarge(toRiskTransaction(send('eth_sepolia', 'USDC', 500_000_000n), snapshotWith({ ethereum: 40 })))).toBe(true);
  });
});
