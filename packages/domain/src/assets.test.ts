import { describe, expect, it } from 'vitest';
import { isSolanaAddress, toChecksumAddress } from './addresses.ts';
import {
  ASSET_SYMBOLS,
  checkAssetOn,
  ERC20_TRANSFER_GAS,
  findAsset,
  listAllAssets,
  listAssets,
  nativeAsset,
  TOKENS,
  usdValueE8,
} from './assets.ts';
import { assetSymbolSchema } from './assets-schemas.ts';
import { coinTransferGas, SOLANA_TRANSFER_COMPUTE_UNITS } from './fees.ts';
import { NETWORK_IDS, NETWORKS } from './networks.ts';
import { PRICE_TOKEN_IDS } from './prices.ts';

describe('the asset registry', () => {
  it('gives every network its coin first, then test USDC with 6 decimals', () => {
    for (const network of NETWORK_IDS) {
      const [coin, usdc, ...rest] = listAssets(network);
      expect(coin).toMatchObject({ symbol: NETWORKS[network].symbol, kind: 'native', decimals: NETWORKS[network].decimals, transferGas: coinTransferGas(network) });
      expect(usdc).toMatchObject({ symbol: 'USDC', kind: 'token', decimals: 6, priceTokenId: 'usd-coin' });
      expect(rest).toEqual([]);
      expect(nativeAsset(network)).toBe(coin);
    }
    expect(ASSET_SYMBOLS).toEqual(['ETH', 'USDC', 'MATIC', 'SOL']);
  });

  it('grants 100 of the coin and 1,000 USDC to a new wallet, 10 and 500 per faucet claim', () => {
    expect(nativeAsset('eth_sepolia')).toMatchObject({ openingGrantUnits: 100n * 10n ** 18n, faucetGrantUnits: 10n * 10n ** 18n });
    expect(nativeAsset('solana_devnet')).toMatchObject({ openingGrantUnits: 100n * 10n ** 9n, faucetGrantUnits: 10n * 10n ** 9n });
    expect(findAsset('polygon_amoy', 'USDC')).toMatchObject({ openingGrantUnits: 1_000_000_000n, faucetGrantUnits: 500_000_000n });
  });

  it('names real-format token addresses: EIP-55 contracts on EVM networks, a base58 mint on Solana', () => {
    for (const token of TOKENS) {
      if (NETWORKS[token.network].family === 'evm') expect(toChecksumAddress(token.address)).toBe(token.address);
      else expect(isSolanaAddress(token.address)).toBe(true);
    }
  });

  it('prices gas per asset: an ERC-20 transfer 65,000, a Solana token transfer one signature like a coin transfer', () => {
    expect(findAsset('eth_sepolia', 'USDC')?.transferGas).toBe(ERC20_TRANSFER_GAS);
    expect(findAsset('polygon_amoy', 'USDC')?.transferGas).toBe(65_000n);
    expect(findAsset('solana_devnet', 'USDC')?.transferGas).toBe(SOLANA_TRANSFER_COMPUTE_UNITS);
  });

  it('prices every asset from a feed id the price service serves', () => {
    for (const asset of listAllAssets()) expect(PRICE_TOKEN_IDS).toContain(asset.priceTokenId);
  });

  it('tells an unknown asset from one of other networks', () => {
    expect(checkAssetOn('eth_sepolia', 'USDC')).toMatchObject({ ok: true });
    expect(checkAssetOn('eth_sepolia', 'SOL')).toEqual({ ok: false, reason: 'other_network', networks: ['solana_devnet'] });
    expect(checkAssetOn('solana_devnet', 'DOGE')).toEqual({ ok: false, reason: 'unknown', networks: [] });
    expect(findAsset('eth_sepolia', 'usdc')).toBeUndefined();
    expect(assetSymbolSchema.parse(' usdc ')).toBe('USDC');
    expect(assetSymbolSchema.safeParse('X'.repeat(17)).success).toBe(false);
  });

  it('values amounts in 10^-8 USD, so 500 USDC and 500 ETH are not alike', () => {
    expect(usdValueE8(500_000_000n, 6, 1)).toBe(500n * 10n ** 8n);
    expect(usdValueE8(500n * 10n ** 18n, 18, 2200)).toBe(1_100_000n * 10n ** 8n);
    expect(usdValueE8(1n, 18, 2200)).toBe(0n);
    expect(usdValueE8(10n ** 6n, 6, Number.NaN)).toBe(0n);
  });
});
