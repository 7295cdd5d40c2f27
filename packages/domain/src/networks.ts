import type { PriceTokenId } from './prices.ts';

export type ChainFamily = 'evm' | 'solana';
export type BlockchainType = 'ethereum' | 'solana';
/** The scheme our receive QR codes use, and that scanned QR codes may start with. */
export type UriScheme = 'ethereum' | 'polygon' | 'solana';

interface NetworkCommon {
  label: string;
  /** Name in the 'Select Network' modal. */
  shortName: string;
  blockchainType: BlockchainType;
  symbol: string;
  decimals: number;
  priceTokenId: PriceTokenId;
  uriScheme: UriScheme;
}

export interface EvmNetworkDefinition extends NetworkCommon {
  family: 'evm';
  chainId: number;
  /** Whole Gwei per gas; fees.ts scales it by speed and the live factor. */
  baseGasPriceGwei: number;
}

export interface SolanaNetworkDefinition extends NetworkCommon {
  family: 'solana';
  /** The base fee of each signature, as every Solana cluster charges it. */
  lamportsPerSignature: number;
  /** The priority fee's price in micro-lamports per compute unit; fees.ts scales it by speed and the live factor. */
  basePriorityMicroLamports: number;
}

export type NetworkDefinition = EvmNetworkDefinition | SolanaNetworkDefinition;

/** The registry: adding a network is adding one entry here. */
export const NETWORKS = {
  eth_sepolia: {
    label: 'Ethereum Sepolia',
    shortName: 'Ethereum',
    family: 'evm',
    blockchainType: 'ethereum',
    symbol: 'ETH',
    decimals: 18,
    priceTokenId: 'ethereum',
    uriScheme: 'ethereum',
    baseGasPriceGwei: 30,
    chainId: 11155111,
  },
  polygon_amoy: {
    label: 'Polygon Amoy',
    shortName: 'Polygon',
    family: 'evm',
    blockchainType: 'ethereum',
    symbol: 'MATIC',
    decimals: 18,
    priceTokenId: 'matic-network',
    uriScheme: 'polygon',
    baseGasPriceGwei: 100,
    chainId: 80002,
  },
  solana_devnet: {
    label: 'Solana Devnet',
    shortName: 'Solana',
    family: 'solana',
    blockchainType: 'solana',
    symbol: 'SOL',
    decimals: 9,
    priceTokenId: 'solana',
    uriScheme: 'solana',
    lamportsPerSignature: 5_000,
    basePriorityMicroLamports: 50_000,
  },
} as const satisfies Record<string, NetworkDefinition>;

export type NetworkId = keyof typeof NETWORKS;
export type Network = NetworkDefinition & { id: NetworkId };

export const NETWORK_IDS = Object.keys(NETWORKS) as [NetworkId, ...NetworkId[]];

export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === 'string' && Object.hasOwn(NETWORKS, value);
}

export function getNetwork(id: NetworkId): Network {
  return { id, ...(NETWORKS[id] as NetworkDefinition) };
}

export function listNetworks(): Network[] {
  return NETWORK_IDS.map(getNetwork);
}

export function isEvmNetwork(network: Network): network is Network & EvmNetworkDefinition {
  return network.family === 'evm';
}

export function isSolanaNetwork(network: Network): network is Network & SolanaNetworkDefinition {
  return network.family === 'solana';
}

export function chainFamilyOf(id: NetworkId): ChainFamily {
  return NETWORKS[id].family;
}

export function networkByChainId(chainId: number): Network | undefined {
  return listNetworks().find((network) => isEvmNetwork(network) && network.chainId === chainId);
}
