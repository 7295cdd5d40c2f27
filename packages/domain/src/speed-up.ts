import { NETWORKS, type NetworkId } from './networks.ts';
import { feeFromReceipt, GAS_SPEEDS, type GasSpeed } from './fees.ts';
import { SPEED_UP_MIN_BUMP_PER_MILLE, SPEED_UP_NETWORKS } from './explorer.ts';

/**
 * Speeding up a pending transaction (docs/product.md#speed-up): the same transfer with the same nonce, re-signed at a
 * higher gas price, replaces it. These rules are shared by the server (which charges) and the browser (which shows
 * the extra fee before the user confirms), so the fee shown is the fee charged.
 */

/** Whether a network's pending transactions can be replaced: EVM only (Solana has no pending pool to replace in). */
export function canSpeedUpOn(network: NetworkId): boolean {
  return SPEED_UP_NETWORKS.includes(network) && NETWORKS[network].family === 'evm';
}

const rank = (speed: GasSpeed) => GAS_SPEEDS.indexOf(speed);

/** True when `speed` is strictly faster than `than` (slow < normal < fast). */
export function isFasterSpeed(speed: GasSpeed, than: GasSpeed): boolean {
  return rank(speed) > rank(than);
}

/** The speeds a transaction sent at `speed` can be sped up to, slowest first. */
export function fasterSpeeds(speed: GasSpeed): GasSpeed[] {
  return GAS_SPEEDS.filter((candidate) => isFasterSpeed(candidate, speed));
}

/** The least gas price a replacement may pay: the old one plus 10 %, rounded up (a client refuses anything less). */
export function minimumReplacementGasPrice(oldGasPriceWei: bigint): bigint {
  const scaled = oldGasPriceWei * (1000n + SPEED_UP_MIN_BUMP_PER_MILLE);
  return (scaled + 999n) / 1000n;
}

export interface SpeedUpPrice {
  /** The replacement's gas price: the faster speed's market price, or the old price + 10 % when that is higher. */
  gasPriceWei: bigint;
  /** The replacement's whole fee (gas used × gas price). */
  feeUnits: bigint;
  /** What the sender pays on top of the fee already paid. */
  differenceUnits: bigint;
}

/** The price of a replacement: max(market price of the faster speed, old price × 1.1), for the same gas. */
export function speedUpPrice(input: { network: NetworkId; gasUsed: bigint; oldGasPriceWei: bigint; oldFeeUnits: bigint; marketGasPriceWei: bigint }): SpeedUpPrice {
  const minimum = minimumReplacementGasPrice(input.oldGasPriceWei);
  const gasPriceWei = input.marketGasPriceWei > minimum ? input.marketGasPriceWei : minimum;
  const feeUnits = feeFromReceipt(input.gasUsed, gasPriceWei, input.network);
  return { gasPriceWei, feeUnits, differenceUnits: feeUnits - input.oldFeeUnits };
}
