import { formatAmount, formatAmountTrimmed } from './money.ts';
import { formatInteger } from './number-format.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

export const GAS_SPEEDS = ['slow', 'normal', 'fast'] as const;
export type GasSpeed = (typeof GAS_SPEEDS)[number];
export const DEFAULT_GAS_SPEED: GasSpeed = 'normal';

export const GAS_SPEED_LABELS: Record<GasSpeed, string> = { slow: 'Slow', normal: 'Normal', fast: 'Fast' };

/** The gas of a plain coin transfer on an EVM network; a token transfer's is its asset's `transferGas` (assets.ts). */
export const GAS_USED = 21_000n;
/**
 * The compute-unit limit a Solana transfer asks for, SOL or a token; its priority fee is charged on the limit.
 * Measured on the runtime (decision 050): a SOL transfer with its two compute-budget instructions uses 450 units,
 * a USDC `TransferChecked` 458.
 */
export const SOLANA_TRANSFER_COMPUTE_UNITS = 1_000n;

/** What a coin transfer asks for: 21,000 gas (EVM), or SOLANA_TRANSFER_COMPUTE_UNITS compute units. */
export function coinTransferGas(network: NetworkId): bigint {
  return NETWORKS[network].family === 'solana' ? SOLANA_TRANSFER_COMPUTE_UNITS : GAS_USED;
}

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

/**
 * On Solana every speed lands in the next slot (~400 ms) and is final 31 slots later (docs/product.md#chains): the
 * priority fee orders transactions within a slot, it does not make one wait less.
 */
export const SOLANA_TIME_ESTIMATE = 'under 1 sec, final in ~13 sec';

/** How long a transaction stays pending before inclusion: a random time inside this window. */
export const PENDING_WINDOW_MS: Record<GasSpeed, { minMs: number; maxMs: number }> = {
  slow: { minMs: 30_000, maxMs: 60_000 },
  normal: { minMs: 15_000, maxMs: 30_000 },
  fast: { minMs: 5_000, maxMs: 15_000 },
};

/** After inclusion, one more confirmation per interval. */
export const CONFIRMATION_INTERVAL_MS: Record<GasSpeed, number> = { slow: 8_000, normal: 5_000, fast: 3_000 };

const WEI_PER_GWEI = 1_000_000_000n;

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

const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/** The speed and live factor applied to a base price: base × multiplier × factor, floored. */
function scaledPrice(base: bigint, speed: GasSpeed, liveFactorPermille: number): bigint {
  const multiplier = SPEED_MULTIPLIER_PERMILLE[toGasSpeed(speed)];
  const factor = BigInt(clampLiveFactorPermille(liveFactorPermille));
  return (base * multiplier * factor) / 1_000_000n;
}

/**
 * The price of one unit of work at this speed and live factor, an integer: wei per gas on an EVM network
 * (floor(baseGwei × multiplier × liveFactor × 10^9)); on Solana, micro-lamports per compute unit, the
 * `SetComputeUnitPrice` of its priority fee (docs/product.md#fees).
 */
export function gasPriceWei(network: NetworkId, speed: GasSpeed, liveFactorPermille: number): bigint {
  const definition = NETWORKS[network];
  if (definition.family === 'solana') return scaledPrice(BigInt(definition.basePriorityMicroLamports), speed, liveFactorPermille);
  return scaledPrice(BigInt(definition.baseGasPriceGwei) * WEI_PER_GWEI, speed, liveFactorPermille);
}

function toUnsignedBigInt(value: bigint | string, name: string): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return BigInt(value);
  throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
}

/** A Solana fee in its two parts, in lamports: the signature's base fee and the priority fee. */
export interface SolanaFeeParts {
  signatureLamports: bigint;
  priorityLamports: bigint;
}

/**
 * What Solana charges a one-signature transaction that asks for `computeUnits` at `microLamportsPerUnit`: 5,000
 * lamports for the signature, and the priority fee on the limit asked for, rounded up, as the runtime charges it. A
 * row without a compute budget (test funds the simulated chain created) was charged nothing.
 */
export function solanaFeeParts(computeUnits: bigint | string, microLamportsPerUnit: bigint | string): SolanaFeeParts {
  const units = toUnsignedBigInt(computeUnits, 'computeUnits');
  if (units === 0n) return { signatureLamports: 0n, priorityLamports: 0n };
  const priority = units * toUnsignedBigInt(microLamportsPerUnit, 'microLamportsPerUnit');
  return {
    signatureLamports: BigInt(NETWORKS.solana_devnet.lamportsPerSignature),
    priorityLamports: (priority + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT,
  };
}

/**
 * The fee in the network's smallest unit. EVM: gasUsed × effectiveGasPrice wei. Solana: the signature's 5,000
 * lamports plus the priority fee, compute units × micro-lamports per unit (solanaFeeParts).
 */
export function feeFromReceipt(gasUsed: bigint | string, effectiveGasPrice: bigint | string, network: NetworkId): bigint {
  if (NETWORKS[network].family === 'solana') {
    const parts = solanaFeeParts(gasUsed, effectiveGasPrice);
    return parts.signatureLamports + parts.priorityLamports;
  }
  return toUnsignedBigInt(gasUsed, 'gasUsed') * toUnsignedBigInt(effectiveGasPrice, 'effectiveGasPrice');
}

/** The fee charged for one transfer at this speed and live factor, in the network's smallest unit. */
export function transferFee(network: NetworkId, speed: GasSpeed, liveFactorPermille: number): bigint {
  return feeFromReceipt(coinTransferGas(network), gasPriceWei(network, speed, liveFactorPermille), network);
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

/** How a network prices a transfer, in its own units: Gwei per gas (EVM), micro-lamports per compute unit (Solana). */
export type FeeRateUnit = 'Gwei' | 'micro-lamports per compute unit';

export interface FeeRate {
  value: string;
  unit: FeeRateUnit;
}

/**
 * A transaction's fee rate in its network's own units. On EVM networks the gas price in Gwei: to 2 decimals
 * (cut) on screen, exact for `exact` (CSV). On Solana the priority fee's price in micro-lamports per compute
 * unit, a whole number either way.
 */
export function feeRate(network: NetworkId, gasUsed: bigint | string, effectiveGasPrice: bigint | string, precision: 'screen' | 'exact'): FeeRate {
  if (NETWORKS[network].family === 'solana') {
    return { value: toUnsignedBigInt(effectiveGasPrice, 'effectiveGasPrice').toString(), unit: 'micro-lamports per compute unit' };
  }
  const price = toUnsignedBigInt(effectiveGasPrice, 'effectiveGasPrice');
  return { value: precision === 'exact' ? formatAmountTrimmed(price, 9) : gweiDisplay(price), unit: 'Gwei' };
}

/**
 * How a fee was priced, in words, in the network's own units: "Gas used 21,000 · Gas price 36.04 Gwei" (EVM);
 * "5,050 lamports: 5,000 per signature + 50 priority (1,000 compute units × 50,000 micro-lamports)" (Solana).
 */
export function feeBreakdownText(network: NetworkId, gasUsed: bigint | string, effectiveGasPrice: bigint | string): string {
  const rate = feeRate(network, gasUsed, effectiveGasPrice, 'screen');
  const units = formatInteger(Number(toUnsignedBigInt(gasUsed, 'gasUsed')));
  if (rate.unit === 'Gwei') return `Gas used ${units} · Gas price ${rate.value} Gwei`;
  const { signatureLamports, priorityLamports } = solanaFeeParts(gasUsed, effectiveGasPrice);
  const total = formatInteger(Number(signatureLamports + priorityLamports));
  if (signatureLamports === 0n) return `${total} lamports`;
  const priority = `${formatInteger(Number(priorityLamports))} priority (${units} compute units × ${formatInteger(Number(rate.value))} micro-lamports)`;
  return `${total} lamports: ${formatInteger(Number(signatureLamports))} per signature + ${priority}`;
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
  /** The gas the transfer uses: a coin transfer's (coinTransferGas, the default), the asset's `transferGas` for a token. */
  gasUsed?: bigint | undefined;
  liveFactorPermille: number;
  usdPrice?: number | undefined;
  now: Date | number;
}

export function quoteFee({ network, speed, gasUsed = coinTransferGas(network), liveFactorPermille, usdPrice, now }: FeeQuoteInput): FeeQuote {
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
    timeEstimate: NETWORKS[network].family === 'solana' ? SOLANA_TIME_ESTIMATE : SPEED_TIME_ESTIMATES[knownSpeed],
    quotedAt: new Date(now).toISOString(),
  };
}

/** One quote per speed, in the selector's order. */
export function quoteAllSpeeds(input: Omit<FeeQuoteInput, 'speed'>): FeeQuote[] {
  return GAS_SPEEDS.map((speed) => quoteFee({ ...input, speed }));
}
