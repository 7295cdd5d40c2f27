import { FALLBACK_FX_PER_USD, FALLBACK_PRICES, type PriceTokenId, type TokenPrice, isPeggedTokenId, pricesFromUsd } from '@fincrypt/domain';

/** The simulated feed moves in steps of this length, so every request inside one window sees one price. */
export const SIMULATED_STEP_MS = 15_000;

const DAY_MS = 86_400_000;

/**
 * Waves (period, amplitude in log price) summed into a smooth walk. The periods do not divide each other,
 * so the pattern does not visibly repeat; the amplitudes add up to 0.15, so a price stays within about
 * −14% and +16% of its fallback price.
 */
const WAVES = [
  { periodMs: 61 * DAY_MS, amplitude: 0.055 },
  { periodMs: 23 * DAY_MS, amplitude: 0.04 },
  { periodMs: 9.3 * DAY_MS, amplitude: 0.025 },
  { periodMs: 3.1 * DAY_MS, amplitude: 0.015 },
  { periodMs: 0.77 * DAY_MS, amplitude: 0.01 },
  { periodMs: (3 * DAY_MS) / 24, amplitude: 0.005 },
] as const;

export const SIMULATED_MAX_LOG_DEVIATION = WAVES.reduce((sum, wave) => sum + wave.amplitude, 0);

/** Fixed phases per coin (from its id), so the three coins do not move in lockstep. */
function phasesFor(tokenId: PriceTokenId): number[] {
  let hash = 2_166_136_261;
  for (const char of tokenId) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return WAVES.map((_, i) => {
    hash = Math.imul(hash ^ (i + 1), 2_654_435_761) >>> 0;
    return (hash / 2 ** 32) * 2 * Math.PI;
  });
}

const PHASES = new Map<PriceTokenId, number[]>();

/**
 * The simulated price divided by the fallback price at an instant (before stepping). A pegged token (USDC)
 * does not walk: it stays at its fallback price, a dollar and that dollar in the other currencies.
 */
export function simulatedFactor(tokenId: PriceTokenId, atMs: number): number {
  if (isPeggedTokenId(tokenId)) return 1;
  let phases = PHASES.get(tokenId);
  if (!phases) {
    phases = phasesFor(tokenId);
    PHASES.set(tokenId, phases);
  }
  let logDeviation = 0;
  WAVES.forEach((wave, i) => {
    logDeviation += wave.amplitude * Math.sin((2 * Math.PI * atMs) / wave.periodMs + phases[i]!);
  });
  return Math.exp(logDeviation);
}

/** Six significant digits: what a price feed quotes (2213.46, 0.931234, 182346), without float tails. */
export function roundPrice(value: number): number {
  return Number(value.toPrecision(6));
}

export function stepStart(atMs: number): number {
  return Math.floor(atMs / SIMULATED_STEP_MS) * SIMULATED_STEP_MS;
}

/**
 * The simulated price of a coin at an instant: its fallback dollar price moved by the smooth walk, in every
 * currency through the one FX table (FALLBACK_FX_PER_USD), so every coin gives the same cross rates; and the
 * 24h change of that walk. A pure function of time, stable within each 15 s step.
 */
export function simulatedTokenPrice(tokenId: PriceTokenId, atMs: number): TokenPrice {
  const at = stepStart(atMs);
  const factor = simulatedFactor(tokenId, at);
  const dayBefore = simulatedFactor(tokenId, at - DAY_MS);
  const usd = roundPrice(FALLBACK_PRICES[tokenId].prices.usd * factor);
  return { prices: pricesFromUsd(usd, FALLBACK_FX_PER_USD), change24h: Math.round((factor / dayBefore - 1) * 1_000_000) / 10_000 };
}
