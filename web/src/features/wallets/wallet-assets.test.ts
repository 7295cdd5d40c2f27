import { FALLBACK_PRICES, type WalletView } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { makeWallet, usdcBalance } from '../../lib/testing/make-wallet.ts';
import { assetFiatValue, totalFiatValue, walletAssetBalances } from './wallet-assets.ts';

describe('walletAssetBalances', () => {
  it('lists the coin first, then the tokens, each with the price it is valued at', () => {
    const wallet = makeWallet({ balances: [usdcBalance('12.50'), ...makeWallet().balances.slice(0, 1)] });
    expect(walletAssetBalances(wallet)).toEqual([
      { asset: 'ETH', symbol: 'ETH', name: 'Sepolia Ether', kind: 'native', balance: '100.0000', priceTokenId: 'ethereum' },
      { asset: 'USDC', symbol: 'USDC', name: 'USD Coin', kind: 'token', balance: '12.50', priceTokenId: 'usd-coin' },
    ]);
  });

  it('shows the coin alone for a wallet without balances (a server from before assets), and leaves out unknown assets', () => {
    const legacy = { ...makeWallet({ network: 'solana_devnet', symbol: 'SOL', balance: '3.0000' }), balances: undefined } as unknown as WalletView;
    expect(walletAssetBalances(legacy)).toEqual([
      { asset: 'SOL', symbol: 'SOL', name: 'Devnet SOL', kind: 'native', balance: '3.0000', priceTokenId: 'solana' },
    ]);
    const withUnknown = makeWallet({ balances: [...makeWallet().balances, { ...usdcBalance('1.00'), asset: 'DOGE', symbol: 'DOGE' }] });
    expect(walletAssetBalances(withUnknown).map((entry) => entry.asset)).toEqual(['ETH', 'USDC']);
  });
});

describe('fiat values', () => {
  it('values each asset at its own price in the display currency', () => {
    expect(assetFiatValue({ balance: '1000.00', priceTokenId: 'usd-coin' }, FALLBACK_PRICES, 'inr')).toBe(82_000);
    expect(assetFiatValue({ balance: '2.5000', priceTokenId: 'ethereum' }, FALLBACK_PRICES, 'usd')).toBe(5_500);
    expect(assetFiatValue({ balance: '1', priceTokenId: 'ethereum' }, undefined, 'usd')).toBeUndefined();
  });

  it('totals every asset of every wallet, and is unknown while a price is', () => {
    const ethereum = makeWallet();
    const solana = makeWallet({
      id: '8d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e02',
      network: 'solana_devnet',
      symbol: 'SOL',
      balance: '10.0000',
      balanceUnits: '10000000000',
      balances: [
        { asset: 'SOL', symbol: 'SOL', name: 'Devnet SOL', decimals: 9, kind: 'native', balance: '10.0000', balanceUnits: '10000000000' },
        usdcBalance('500.00', '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'),
      ],
    });
    // 100 ETH × $2,200 + 1,000 USDC × $1 + 10 SOL × $100 + 500 USDC × $1
    expect(totalFiatValue([ethereum, solana], FALLBACK_PRICES, 'usd')).toBe(220_000 + 1_000 + 1_000 + 500);
    expect(totalFiatValue([], FALLBACK_PRICES, 'usd')).toBe(0);
    const { 'usd-coin': _usdc, ...withoutUsdc } = FALLBACK_PRICES;
    expect(totalFiatValue([ethereum], withoutUsdc, 'usd')).toBeUndefined();
  });
});
