import { describe, expect, it } from 'vitest';
import {
  chainFamilyOf,
  getNetwork,
  isEvmNetwork,
  isNetworkId,
  isSolanaNetwork,
  listNetworks,
  NETWORK_IDS,
  networkByChainId,
} from './networks.ts';
import { networkIdSchema } from './networks-schemas.ts';
import { PRICE_TOKEN_IDS, TICKER_SYMBOLS } from './prices.ts';

describe('network registry', () => {
  it('holds the three test networks in order', () => {
    expect(NETWORK_IDS).toEqual(['eth_sepolia', 'polygon_amoy', 'solana_devnet']);
    expect(listNetworks().map((n) => [n.label, n.shortName, n.symbol, n.decimals, n.uriScheme])).toEqual([
      ['Ethereum Sepolia', 'Ethereum', 'ETH', 18, 'ethereum'],
      ['Polygon Amoy', 'Polygon', 'MATIC', 18, 'polygon'],
      ['Solana Devnet', 'Solana', 'SOL', 9, 'solana'],
    ]);
  });

  it('describes each chain for fees, prices and keys', () => {
    expect(getNetwork('eth_sepolia')).toMatchObject({ family: 'evm', blockchainType: 'ethereum', chainId: 11155111, baseGasPriceGwei: 30, priceTokenId: 'ethereum' });
    expect(getNetwork('polygon_amoy')).toMatchObject({ family: 'evm', blockchainType: 'ethereum', chainId: 80002, baseGasPriceGwei: 100, priceTokenId: 'matic-network' });
    expect(getNetwork('solana_devnet')).toMatchObject({ family: 'solana', blockchainType: 'solana', lamportsPerSignature: 5_000, basePriorityMicroLamports: 50_000, priceTokenId: 'solana' });
    expect(getNetwork('solana_devnet')).not.toHaveProperty('chainId');
  });

  it('agrees with the price feed on token ids and symbols', () => {
    for (const network of listNetworks()) {
      expect(PRICE_TOKEN_IDS).toContain(network.priceTokenId);
      expect(TICKER_SYMBOLS[network.priceTokenId]).toBe(network.symbol);
      expect(Number.isSafeInteger(network.family === 'evm' ? network.baseGasPriceGwei : network.basePriorityMicroLamports)).toBe(true);
    }
  });
});

describe('guards and lookups', () => {
  it('recognises network ids only', () => {
    expect(isNetworkId('solana_devnet')).toBe(true);
    expect(isNetworkId('eth-goerli')).toBe(false);
    expect(isNetworkId('toString')).toBe(false);
    expect(isNetworkId(1)).toBe(false);
    expect(networkIdSchema.safeParse('polygon_amoy').success).toBe(true);
    expect(networkIdSchema.safeParse('polygon-mumbai').success).toBe(false);
  });

  it('tells the chain family apart', () => {
    expect(isEvmNetwork(getNetwork('polygon_amoy'))).toBe(true);
    expect(isSolanaNetwork(getNetwork('polygon_amoy'))).toBe(false);
    expect(isSolanaNetwork(getNetwork('solana_devnet'))).toBe(true);
    expect(chainFamilyOf('eth_sepolia')).toBe('evm');
  });

  it('finds an EVM network by chain id', () => {
    expect(networkByChainId(80002)?.id).toBe('polygon_amoy');
    expect(networkByChainId(11155111)?.id).toBe('eth_sepolia');
    expect(networkByChainId(1)).toBeUndefined();
  });
});
