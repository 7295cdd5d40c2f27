import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  feeFromReceipt,
  coinTransferGas,
  isGasSpeed,
  isNetworkId,
  LIVE_FACTOR_REFRESH_MS,
  liveFactorPermilleFromRandom,
  quoteFee,
  type FeeQuote,
  type GasSpeed,
  type NetworkId,
} from '@fincrypt/domain';

/** How long a quoted fee is honoured after it was shown. */
export const QUOTE_TTL_MS = 60_000;
/** A quote dated this far in the future (clock skew between processes) is still accepted. */
const QUOTE_CLOCK_SKEW_MS = 5_000;

export interface SignedFeeQuote extends FeeQuote {
  quoteId: string;
  expiresAt: string;
}

export interface ChargedFee {
  gasPriceWei: bigint;
  gasUsed: bigint;
  feeUnits: bigint;
  /** 'quote' when a fresh quote fixed the price, else the price of the moment. */
  source: 'quote' | 'current';
}

/**
 * The live fee factor (0.8–1.2, new every 15 s) and signed quotes. The factor of a 15-second window is
 * derived from a shared secret, so every server process on the same data agrees on it without talking,
 * and nobody outside can predict it. A quote id carries its own gas price and time under an HMAC, so
 * honouring it needs no table; the HMAC also covers the user it was given to (not written in the id), so a quote
 * fixes the fee of its holder's sends only.
 */
export function createFeeMarket(secret: string) {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest();

  // The factor of each network's latest window: every send and quote of a window asks for the same one.
  const latestFactors = new Map<NetworkId, { window: number; permille: number }>();
  const liveFactorPermille = (network: NetworkId, nowMs: number): number => {
    const window = Math.floor(nowMs / LIVE_FACTOR_REFRESH_MS);
    const latest = latestFactors.get(network);
    if (latest?.window === window) return latest.permille;
    const random01 = mac(`live-factor:${network}:${window}`).readUIntBE(0, 6) / 2 ** 48;
    const permille = liveFactorPermilleFromRandom(random01);
    latestFactors.set(network, { window, permille });
    return permille;
  };

  const signature = (holder: string, payload: string) => mac(`quote:${holder}:${payload}`).subarray(0, 16).toString('base64url');

  const currentFee = (network: NetworkId, speed: GasSpeed, nowMs: number, usdPrice?: number, gasUsed: bigint = coinTransferGas(network)): FeeQuote =>
    quoteFee({ network, speed, gasUsed, liveFactorPermille: liveFactorPermille(network, nowMs), usdPrice, now: nowMs });

  /** A quote for `holder` (the user it is shown to): only their sends are charged its fee. */
  const quote = (holder: string, network: NetworkId, speed: GasSpeed, nowMs: number, usdPrice?: number, gasUsed: bigint = coinTransferGas(network)): SignedFeeQuote => {
    const base = currentFee(network, speed, nowMs, usdPrice, gasUsed);
    const payload = `${network}:${speed}:${base.gasPriceWei}:${nowMs}`;
    return { ...base, quoteId: `${payload}.${signature(holder, payload)}`, expiresAt: new Date(nowMs + QUOTE_TTL_MS).toISOString() };
  };

  /** The gas price a quote id fixes, when it is genuine, given to `holder`, for this network and speed, and still fresh. */
  const honouredGasPrice = (holder: string, quoteId: string, network: NetworkId, speed: GasSpeed, nowMs: number): bigint | undefined => {
    const dot = quoteId.lastIndexOf('.');
    if (dot < 0) return undefined;
    const payload = quoteId.slice(0, dot);
    const given = Buffer.from(quoteId.slice(dot + 1), 'base64url');
    const expected = Buffer.from(signature(holder, payload), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [quotedNetwork, quotedSpeed, gasPrice, quotedAt] = payload.split(':');
    if (!isNetworkId(quotedNetwork) || quotedNetwork !== network || !isGasSpeed(quotedSpeed) || quotedSpeed !== speed) return undefined;
    const quotedAtMs = Number(quotedAt);
    if (!Number.isSafeInteger(quotedAtMs) || nowMs - quotedAtMs > QUOTE_TTL_MS || quotedAtMs - nowMs > QUOTE_CLOCK_SKEW_MS) return undefined;
    return /^\d{1,40}$/.test(gasPrice ?? '') ? BigInt(gasPrice!) : undefined;
  };

  return {
    liveFactorPermille,
    quote,

    /**
     * The fee `holder`'s send pays: the quoted gas price while their quote is fresh, otherwise the current one, times
     * the gas its asset's transfer uses (a quote fixes the price per gas, so it holds for a coin or a token).
     */
    feeFor(holder: string, network: NetworkId, speed: GasSpeed, nowMs: number, quoteId?: string, gasUsed: bigint = coinTransferGas(network)): ChargedFee {
      const quoted = quoteId === undefined ? undefined : honouredGasPrice(holder, quoteId, network, speed, nowMs);
      // The price of the moment needs no signature: nothing is handed out.
      const gasPriceWei = quoted ?? BigInt(currentFee(network, speed, nowMs).gasPriceWei);
      return { gasPriceWei, gasUsed, feeUnits: feeFromReceipt(gasUsed, gasPriceWei, network), source: quoted === undefined ? 'current' : 'quote' };
    },
  };
}

export type FeeMarket = ReturnType<typeof createFeeMarket>;
