import { FALLBACK_PRICES, PRICE_TOKEN_IDS, type CoinPriceView, type PriceTokenId } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { fiatValue } from './service.ts';

/** The fallback table as a snapshot: ETH 2,200 USD, SOL 100 USD, USDC 1 USD. */
const snapshot = {
  prices: Object.fromEntries(
    PRICE_TOKEN_IDS.map((tokenId) => [tokenId, { ...FALLBACK_PRICES[tokenId], source: 'fallback', figureSources: {} }]),
  ) as unknown as Record<PriceTokenId, CoinPriceView>,
};

describe('fiatValue', () => {
  it('values each total in its own asset: 500 USDC is 500 dollars, 500 ETH is 1.1 million', () => {
    expect(fiatValue([{ network: 'eth_sepolia', asset: 'USDC', amountUnits: 500_000_000n }], snapshot, 'usd')).toBe(500);
    expect(fiatValue([{ network: 'eth_sepolia', asset: 'ETH', amountUnits: 500n * 10n ** 18n }], snapshot, 'usd')).toBe(1_100_000);
  });

  it('reads USDC with its 6 decimals on every network, in the currency asked for', () => {
    const totals = [
      { network: 'eth_sepolia', asset: 'USDC', amountUnits: 1_500_000n },
      { network: 'polygon_amoy', asset: 'USDC', amountUnits: 2_500_000n },
      { network: 'solana_devnet', asset: 'USDC', amountUnits: 1_000_000n },
    ] as const;
    expect(fiatValue(totals, snapshot, 'usd')).toBeCloseTo(5, 10);
    expect(fiatValue(totals, snapshot, 'inr')).toBeCloseTo(5 * 82, 10);
  });

  it('adds native and token totals of one network, each at its price', () => {
    const totals = [
      { network: 'solana_devnet', asset: 'SOL', amountUnits: 3n * 10n ** 9n },
      { network: 'solana_devnet', asset: 'USDC', amountUnits: 25_000_000n },
    ] as const;
    expect(fiatValue(totals, snapshot, 'usd')).toBeCloseTo(3 * 100 + 25, 10);
  });

  it('leaves out an asset the registry does not know on that network', () => {
    const totals = [
      { network: 'eth_sepolia', asset: 'SOL', amountUnits: 10n ** 9n },
      { network: 'eth_sepolia', asset: 'DAI', amountUnits: 10n ** 18n },
      { network: 'eth_sepolia', asset: 'USDC', amountUnits: 7_000_000n },
    ] as const;
    expect(fiatValue(totals, snapshot, 'usd')).toBe(7);
  });
});
