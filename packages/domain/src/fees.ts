import { formatAmount, formatAmountTrimmed } from './money.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

export const GAS_SPEEDS = ['slow', 'normal', 'fast'] as const;
export type GasSpeed = (typeof GAS_SPEEDS)[number];
export const DEFAULT_GAS_SPEED: GasSpeed = 'normal';

export const GAS_SPEED_LABELS: Record<GasSpeed, string> = { slow: 'Slow', normal: 'Normal', fast: 'Fast' };

/** The gas of a plain coin transfer; a token transfer's is its asset's `transferGas` (assets.ts). */
export const GAS_USED = 21_000n;

/** The speed multipliers 1, 1.5 and 2, in thousandths so that every gas price stays an integer. */
export const SPEED_MULTIPLIER_PERMILLE: Record<GasSpeed, bigint> = { slow: 1000n, normal: 1500n, fast: 2000n };

/** The live factor 0.8–1.2, in thousandths; 1000 means the base price. */
export const LIVE_FACTOR_PERMILLE = { min: 800, max: 1200, neutral: 1000 } as const;
export const LIVE_FACTOR_REFRESH_MS = 15_000;

export const SPEED_TIME_ESTIMATES: Record<GasSpeed, string> = {
  slow: '30-60 sec',
  normal: '15-30 sec',
  fast: '5-15 sec',
};

/** How long a transaction stays pending before inclusion: a random time inside this window. */
export const PENDING_WINDOW_MS: Record<GasSpeed, { minMs: number; maxMs: number }> = {
  slow: { minMs: 30_000, maxMs: 60_000 },
  normal: { minMs: 15_000, maxMs: 30_000 },
  fast: { minMs: 5_000, maxMs: 15_000 },
};

/** After inclusion, one more confirmation per interval. */
export const CONFIRMATION_INTERVAL_MS: Record<GasSpeed, number> = { slow: 8_000, normal: 5_000, fast: 3_000 };

const WEI_PER_GWEI = 1_000_000_000n;
/** Gas prices are in wei-like units (10^-18 coin) on every network, as the fee formula assumes (docs/product.md#fees). */
const GAS_PRICE_DECIMALS = 18;

export function isGasSpeed(value: unknown): value is GasSpeed {
  return typeof value === 'string' && (GAS_SPEEDS as readonly string[]).includes(value);
}

/** An unknown speed is treated as normal (docs/product.md#fees). */
export function toGasSpeed(value: unknown): GasSpeed {
  return isGasSpeed(value) ? value : DEFAULT_GAS_SPEED;
}

export function clampLiveFactorPermille(factor: number): number {
  if (!Number.isFinite(factor)) return LIVE_FACTOR_PERMILLE.neutral;
  return Math.min(LIVE_FACTOR_PERMILLE.max, Math.max(LIVE_FACTOR_PERMILLE.min, Math.round(factor)));
}

/** Maps a random number in [0, 1) evenly onto 800..1200; the caller owns the randomness. */
export function liveFactorPermilleFromRandom(random01: number): number {
  const span = LIVE_FACTOR_PERMILLE.max - LIVE_FACTOR_PERMILLE.min + 1;
  return clampLiveFactorPermille(LIVE_FACTOR_PERMILLE.min + Math.floor(random01 * span));
}

/** A random pending time inside the speed's window, from a random number in [0, 1). */
export function pendingDelayMs(speed: GasSpeed, random01: number): number {
  const { minMs, maxMs } = PENDING_WINDOW_MS[toGasSpeed(speed)];
  const delay = minMs + Math.floor(random01 * (maxMs - minMs + 1));
  return Math.min(maxMs, Math.max(minMs, delay));
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

function gasPriceUnitsPerSmallestUnit(network: NetworkId): bigint {
  return 10n ** BigInt(GAS_PRICE_DECIMALS - NETWORKS[network].decimals);
}

/**
 * Gas price in wei-like units: floor(baseGwei × multiplier × liveFactor × 10^9).
 *
 * The fee is gasUsed × gasPrice ÷ 10^18 coin on every network. With 18 decimals (ETH, MATIC) that is
 * gasUsed × gasPrice wei exactly. With 9 decimals (SOL) it is gasUsed × gasPrice ÷ 10^9 lamports, which is
 * only whole when gasPrice is a multiple of 10^6 (= 10^9 ÷ gcd(21000, 10^9)). So on such networks the
 * price is also floored to that step (0.001 Gwei): the fee charged, the fee quoted and the fee recomputed
 * from the receipt are then the same whole number of lamports, and the Gwei shown is unchanged.
 */
export function gasPriceWei(network: NetworkId, speed: GasSpeed, liveFactorPermille: number): bigint {
  const baseWei = BigInt(NETWORKS[network].baseGasPriceGwei) * WEI_PER_GWEI;
  const multiplier = SPEED_MULTIPLIER_PERMILLE[toGasSpeed(speed)];
  const factor = BigInt(clampLiveFactorPermille(liveFactorPermille));
  const price = (baseWei * multiplier * factor) / 1_000_000n;
  const scale = gasPriceUnitsPerSmallestUnit(network);
  const step = scale / gcd(GAS_USED, scale);
  return price - (price % step);
}

function toUnsignedBigInt(value: bigint | string, name: string): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return BigInt(value);
  throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
}

/**
 * The fee in the network's smallest unit: gasUsed × effectiveGasPrice ÷ 10^(18 − decimals). Exact for
 * every price gasPriceWei produces; a foreign receipt that does not divide evenly is rounded down.
 */
export function feeFromReceipt(gasUsed: bigint | string, effectiveGasPrice: bigint | string, network: NetworkId): bigint {
  const product = toUnsignedBigInt(gasUsed, 'gasUsed') * toUnsignedBigInt(effectiveGasPrice, 'effectiveGasPrice');
  return product / gasPriceUnitsPerSmallestUnit(network);
}

/** The fee charged for one transfer at this speed and live factor, in the network's smallest unit. */
export function transferFee(network: NetworkId, speed: GasSpeed, liveFactorPermille: number): bigint {
  return feeFromReceipt(GAS_USED, gasPriceWei(network, speed, liveFactorPermille), network);
}

/** What can be sent once the fee is paid; never negative. */
export function maxSendable(balance: bigint, fee: bigint): bigint {
  return balance > fee ? balance - fee : 0n;
}

/** Gas price in Gwei to 2 decimals (cut, not rounded). */
export function gweiDisplay(wei: bigint | string): string {
  return formatAmount(toUnsignedBigInt(wei, 'wei'), 9, 2);
}

/**
 * A fee in coin, exact: every digit down to the smallest unit, trailing zeros trimmed ("0.000830655"). Fees are
 * never rounded or cut, on any screen, in the CSV or in the API (docs/product.md#money).
 */
export function feeExact(fee: bigint, network: NetworkId): string {
  return formatAmountTrimmed(fee, NETWORKS[network].decimals);
}

/** How a network prices a transfer, in its own units: Gwei per gas (EVM), lamports per signature (Solana). */
export type FeeRateUnit = 'Gwei' | 'lamports per signature';

export interface FeeRate {
  value: string;
  unit: FeeRateUnit;
}

/**
 * A transaction's fee rate in its network's own units. On EVM networks the gas price in Gwei: to 2 decimals
 * (cut) on screen, exact for `exact` (CSV). On Solana a transfer carries one signature, so the rate is the
 * fee in lamports per signature, a whole number either way.
 */
export function feeRate(network: NetworkId, gasUsed: bigint | string, effectiveGasPrice: bigint | string, precision: 'screen' | 'exact'): FeeRate {
  if (NETWORKS[network].family === 'solana') {
    return { value: feeFromReceipt(gasUsed, effectiveGasPrice, network).toString(), unit: 'lamports per signature' };
  }
  const price = toUnsignedBigInt(effectiveGasPrice, 'effectiveGasPrice');
  return { value: precision === 'exact' ? formatAmountTrimmed(price, 9) : gweiDisplay(price), unit: 'Gwei' };
}

const USD_PRICE_SCALE_DIGITS = 8;

/**
 * The fee in US dollars to 2 decimals. The price is a float from the price feed, so it is taken to 10^-8
 * dollar first; the estimate then rounds to the nearest cent (it is an estimate, not money moved).
 */
export function feeUsdDisplay(fee: bigint, network: NetworkId, usdPrice: number): string | undefined {
  if (!Number.isFinite(usdPrice) || usdPrice < 0) return undefined;
  const scaledPrice = BigInt(Math.round(usdPrice * 10 ** USD_PRICE_SCALE_DIGITS));
  const divisor = 10n ** BigInt(NETWORKS[network].decimals + USD_PRICE_SCALE_DIGITS - 2);
  const cents = (fee * scaledPrice + divisor / 2n) / divisor;
  return formatAmount(cents, 2, 2);
}

/**
 * A fee's value in a fiat currency, from the coin's price in that currency: a float for display only
 * (formatFiat rounds it to the currency's minor unit); the fee itself stays an exact integer.
 */
export function feeFiatValue(fee: bigint | string, network: NetworkId, coinPrice: number): number | undefined {
  if (!Number.isFinite(coinPrice) || coinPrice < 0) return undefined;
  return Number(formatAmountTrimmed(toUnsignedBigInt(fee, 'fee'), NETWORKS[network].decimals)) * coinPrice;
}

export interface FeeQuote {
  network: NetworkId;
  speed: GasSpeed;
  liveFactorPermille: number;
  /** Integer string, wei-like units per gas. */
  gasPriceWei: string;
  /** Gwei to 2 decimals, e.g. "45.00". */
  gasPriceGwei: string;
  /** Integer string in the network's smallest unit (wei or lamports): the fee charged. */
  feeUnits: string;
  /** Coin, exact (feeExact), e.g. "0.000830655". */
  feeDisplay: string;
  /** US dollars to 2 decimals, when a USD price was given. */
  feeUsd?: string;
  timeEstimate: string;
  /** ISO timestamp. */
  quotedAt: string;
}

export interface FeeQuoteInput {
  network: NetworkId;
  speed: GasSpeed;
  /** The gas the transfer uses: GAS_USED for a coin transfer (the default), the asset's `transferGas` for a token. */
  gasUsed?: bigint | undefined;
  liveFactorPermille: number;
  usdPrice?: number | undefined;
  now: Date | number;
}

export function quoteFee({ network, speed, gasUsed = GAS_USED, liveFactorPermille, usdPrice, now }: FeeQuoteInput): FeeQuote {
  const knownSpeed = toGasSpeed(speed);
  const factor = clampLiveFactorPermille(liveFactorPermille);
  const priceWei = gasPriceWei(network, knownSpeed, factor);
  const fee = feeFromReceipt(gasUsed, priceWei, network);
  const feeUsd = usdPrice === undefined ? undefined : feeUsdDisplay(fee, network, usdPrice);
  return {
    network,
    speed: knownSpeed,
    liveFactorPermille: factor,
    gasPriceWei: priceWei.toString(),
    gasPriceGwei: gweiDisplay(priceWei),
    feeUnits: fee.toString(),
    feeDisplay: feeExact(fee, network),
    ...(feeUsd === undefined ? {} : { feeUsd }),
    timeEstimate: SPEED_TIME_ESTIMATES[knownSpeed],
    quotedAt: new Date(now).toISOString(),
  };
}

/** One quote per speed, in the selector's order. */
export function quoteAllSpeeds(input: Omit<FeeQuoteInput, 'speed'>): FeeQuote[] {
  return GAS_SPEEDS.map((speed) => quoteFee({ ...input, speed }));
}
