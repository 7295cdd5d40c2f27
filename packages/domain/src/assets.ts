import { SOLANA_TRANSFER_COMPUTE_UNITS } from './fees.ts';
import { unitsPerCoin } from './money.ts';
import { NETWORK_IDS, NETWORKS, type NetworkId } from './networks.ts';
import type { PriceTokenId } from './prices.ts';

/**
 * What a wallet can hold: on every network its native coin (ETH, MATIC, SOL, which also pays the network
 * fee) and the tokens of the registry below. An asset is named by its symbol within its network: the pair
 * (network, symbol) is unique, so "USDC" on Ethereum Sepolia and "USDC" on Solana Devnet are two assets.
 */
export type AssetKind = 'native' | 'token';
/** How the token lives on its chain: an ERC-20 contract (EVM) or an SPL mint (Solana). */
export type TokenStandard = 'erc20' | 'spl';

/** Gas a plain native transfer uses on an EVM network. */
export const NATIVE_TRANSFER_GAS = 21_000n;

/** Gas an ERC-20 `transfer(to, amount)` uses on a warm recipient balance (about 65,000 on mainnet). */
export const ERC20_TRANSFER_GAS = 65_000n;

export interface TokenDefinition {
  network: NetworkId;
  symbol: string;
  name: string;
  decimals: number;
  standard: TokenStandard;
  /** The token contract (EVM, EIP-55) or the mint (Solana, base58). */
  address: string;
  priceTokenId: PriceTokenId;
  /** Whole tokens minted into every new wallet. */
  openingGrant: bigint;
  /** Whole tokens a faucet claim adds. */
  faucetGrant: bigint;
  /** Places a balance shows (cut, never rounded up). */
  displayPlaces: number;
}

/**
 * The token registry: adding a token is adding one entry. The addresses are Circle's test USDC on each
 * network (Sepolia and Amoy contracts, the Devnet mint), so a code scanned by a real wallet names the
 * token that wallet knows as USDC.
 */
export const TOKENS: readonly TokenDefinition[] = [
  {
    network: 'eth_sepolia',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    standard: 'erc20',
    address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    priceTokenId: 'usd-coin',
    openingGrant: 1_000n,
    faucetGrant: 500n,
    displayPlaces: 2,
  },
  {
    network: 'polygon_amoy',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    standard: 'erc20',
    address: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
    priceTokenId: 'usd-coin',
    openingGrant: 1_000n,
    faucetGrant: 500n,
    displayPlaces: 2,
  },
  {
    network: 'solana_devnet',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    standard: 'spl',
    address: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
    priceTokenId: 'usd-coin',
    openingGrant: 1_000n,
    faucetGrant: 500n,
    displayPlaces: 2,
  },
];

/** Whole native coins minted into every new wallet, and added by a faucet claim. */
export const NATIVE_OPENING_GRANT = 100n;
export const NATIVE_FAUCET_GRANT = 10n;
export const NATIVE_DISPLAY_PLACES = 4;

/** Names of the coins as wallets show them. */
const NATIVE_NAMES: Record<NetworkId, string> = { eth_sepolia: 'Sepolia Ether', polygon_amoy: 'Amoy MATIC', solana_devnet: 'Devnet SOL' };

export interface Asset {
  network: NetworkId;
  symbol: string;
  name: string;
  decimals: number;
  kind: AssetKind;
  /** Tokens only. */
  standard?: TokenStandard;
  /** Tokens only: the contract or mint. */
  address?: string;
  priceTokenId: PriceTokenId;
  /** In the smallest unit. */
  openingGrantUnits: bigint;
  faucetGrantUnits: bigint;
  displayPlaces: number;
  /** Gas a transfer of this asset uses (EVM), or the compute units it asks for (Solana); its fee is paid in the network's native coin. */
  transferGas: bigint;
}

function nativeAssetOf(network: NetworkId): Asset {
  const definition = NETWORKS[network];
  return {
    network,
    symbol: definition.symbol,
    name: NATIVE_NAMES[network],
    decimals: definition.decimals,
    kind: 'native',
    priceTokenId: definition.priceTokenId,
    openingGrantUnits: NATIVE_OPENING_GRANT * unitsPerCoin(definition.decimals),
    faucetGrantUnits: NATIVE_FAUCET_GRANT * unitsPerCoin(definition.decimals),
    displayPlaces: NATIVE_DISPLAY_PLACES,
    transferGas: definition.family === 'solana' ? SOLANA_TRANSFER_COMPUTE_UNITS : NATIVE_TRANSFER_GAS,
  };
}

function tokenAssetOf(token: TokenDefinition): Asset {
  return {
    network: token.network,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    kind: 'token',
    standard: token.standard,
    address: token.address,
    priceTokenId: token.priceTokenId,
    openingGrantUnits: token.openingGrant * unitsPerCoin(token.decimals),
    faucetGrantUnits: token.faucetGrant * unitsPerCoin(token.decimals),
    displayPlaces: token.displayPlaces,
    transferGas: token.standard === 'erc20' ? ERC20_TRANSFER_GAS : SOLANA_TRANSFER_COMPUTE_UNITS,
  };
}

const ASSETS_BY_NETWORK: Record<NetworkId, readonly Asset[]> = Object.fromEntries(
  NETWORK_IDS.map((network) => [network, [nativeAssetOf(network), ...TOKENS.filter((token) => token.network === network).map(tokenAssetOf)]]),
) as unknown as Record<NetworkId, readonly Asset[]>;

/** The network's assets, its native coin first. */
export function listAssets(network: NetworkId): readonly Asset[] {
  return ASSETS_BY_NETWORK[network];
}

export function listAllAssets(): Asset[] {
  return NETWORK_IDS.flatMap((network) => [...ASSETS_BY_NETWORK[network]]);
}

export function nativeAsset(network: NetworkId): Asset {
  return ASSETS_BY_NETWORK[network][0]!;
}

/** The asset with this symbol on this network, if the network has one. */
export function findAsset(network: NetworkId, symbol: string): Asset | undefined {
  return ASSETS_BY_NETWORK[network].find((asset) => asset.symbol === symbol);
}

/** Like findAsset, for symbols read back from storage, where an unknown one means the registry lost an entry. */
export function getAsset(network: NetworkId, symbol: string): Asset {
  const asset = findAsset(network, symbol);
  if (!asset) throw new Error(`unknown asset ${symbol} on ${network}`);
  return asset;
}

/** Every symbol of the registry, once ("ETH", "MATIC", "SOL", "USDC"): what an asset filter offers. */
export const ASSET_SYMBOLS = [...new Set(listAllAssets().map((asset) => asset.symbol))] as [string, ...string[]];

export const ASSET_SYMBOL_MAX_CHARS = 16;

export type AssetCheck = { ok: true; asset: Asset } | { ok: false; reason: 'unknown' | 'other_network'; networks: NetworkId[] };

/** Whether `symbol` is an asset a wallet on `network` holds; if not, whether it is unknown or of other networks. */
export function checkAssetOn(network: NetworkId, symbol: string): AssetCheck {
  const asset = findAsset(network, symbol);
  if (asset) return { ok: true, asset };
  const networks = NETWORK_IDS.filter((other) => findAsset(other, symbol) !== undefined);
  return { ok: false, reason: networks.length === 0 ? 'unknown' : 'other_network', networks };
}

/** Values are compared in 10^-8 US dollars: a feed price (a float) is taken to 8 decimals first. */
export const USD_VALUE_SCALE = 100_000_000n;

/** What `units` of the asset are worth in 10^-8 USD at `usdPrice` per whole unit (0 for a price that is not a price). */
export function usdValueE8(units: bigint, decimals: number, usdPrice: number): bigint {
  if (!Number.isFinite(usdPrice) || usdPrice < 0) return 0n;
  return (units * BigInt(Math.round(usdPrice * Number(USD_VALUE_SCALE)))) / 10n ** BigInt(decimals);
}
