import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coinTransferGas,
  feeBreakdownText,
  feeExact,
  feeRate,
  feeFiatValue,
  feeFromReceipt,
  feeUsdDisplay,
  GAS_SPEEDS,
  GAS_USED,
  gasPriceWei,
  gweiDisplay,
  liveFactorPermilleFromRandom,
  maxSendable,
  solanaFeeParts,
  pendingDelayMs,
  quoteAllSpeeds,
  quoteFee,
  toGasSpeed,
  transferFee,
} from './fees.ts';
import { NETWORK_IDS } from './networks.ts';

const gwei = (n: bigint) => n * 1_000_000_000n;
const anyNetwork = fc.constantFrom(...NETWORK_IDS);
const anySpeed = fc.constantFrom(...GAS_SPEEDS);
const anyFactor = fc.integer({ min: 800, max: 1200 });

describe('gasPriceWei', () => {
  it('multiplies the base Gwei by speed and live factor', () => {
    expect(gasPriceWei('eth_sepolia', 'slow', 1000)).toBe(gwei(30n));
    expect(gasPriceWei('eth_sepolia', 'normal', 1000)).toBe(gwei(45n));
    expect(gasPriceWei('eth_sepolia', 'fast', 1200)).toBe(gwei(72n));
    expect(gasPriceWei('eth_sepolia', 'normal', 801)).toBe(36_045_000_000n);
    expect(gasPriceWei('polygon_amoy', 'normal', 800)).toBe(gwei(120n));
  });

  it('prices the Solana priority fee in micro-lamports per compute unit, floored', () => {
    // 50,000 micro-lamports × 1.5 × 0.801 = 60,075.
    expect(gasPriceWei('solana_devnet', 'normal', 1000)).toBe(75_000n);
    expect(gasPriceWei('solana_devnet', 'normal', 801)).toBe(60_075n);
    expect(gasPriceWei('solana_devnet', 'fast', 1200)).toBe(120_000n);
  });

  it('keeps the live factor inside 0.8–1.2', () => {
    expect(gasPriceWei('eth_sepolia', 'slow', 5000)).toBe(gwei(36n));
    expect(gasPriceWei('eth_sepolia', 'slow', 0)).toBe(gwei(24n));
    expect(gasPriceWei('eth_sepolia', 'slow', Number.NaN)).toBe(gwei(30n));
  });

  it('treats an unknown speed as normal', () => {
    expect(toGasSpeed('ludicrous')).toBe('normal');
    expect(toGasSpeed(undefined)).toBe('normal');
    expect(toGasSpeed('fast')).toBe('fast');
    expect(gasPriceWei('eth_sepolia', 'warp' as never, 1000)).toBe(gwei(45n));
  });

  it('is never above the exact product and rises with speed', () => {
    fc.assert(
      fc.property(anyNetwork, anyFactor, (network, factor) => {
        const [slow, normal, fast] = GAS_SPEEDS.map((speed) => gasPriceWei(network, speed, factor));
        const base = { eth_sepolia: gwei(30n), polygon_amoy: gwei(100n), solana_devnet: 50_000n }[network];
        const exactSlow = (BigInt(factor) * base) / 1000n;
        expect(slow).toBeLessThanOrEqual(exactSlow);
        expect(exactSlow - slow!).toBeLessThan(1n);
        expect(slow).toBeLessThan(normal!);
        expect(normal).toBeLessThan(fast!);
      }),
    );
  });
});

describe('fees', () => {
  it('charges 21000 gas at the gas price, and Solana 5,000 lamports a signature plus the priority fee', () => {
    expect(transferFee('eth_sepolia', 'slow', 1000)).toBe(630_000_000_000_000n);
    expect(transferFee('eth_sepolia', 'normal', 801)).toBe(756_945_000_000_000n);
    expect(transferFee('polygon_amoy', 'normal', 800)).toBe(2_520_000_000_000_000n);
    // 5,000 + 1,000 compute units × 75,000 micro-lamports; the priority fee is rounded up to whole lamports (60.075).
    expect(transferFee('solana_devnet', 'normal', 1000)).toBe(5_075n);
    expect(transferFee('solana_devnet', 'normal', 801)).toBe(5_061n);
  });

  it('recomputes from the receipt exactly the fee that was charged, on every network', () => {
    fc.assert(
      fc.property(anyNetwork, anySpeed, anyFactor, (network, speed, factor) => {
        const price = gasPriceWei(network, speed, factor);
        const fee = transferFee(network, speed, factor);
        const gas = coinTransferGas(network);
        expect(fee).toBe(network === 'solana_devnet' ? 5_000n + (gas * price + 999_999n) / 1_000_000n : GAS_USED * price);
        expect(feeFromReceipt(gas.toString(), price.toString(), network)).toBe(fee);
      }),
    );
  });

  it('refuses a malformed receipt instead of guessing', () => {
    expect(() => feeFromReceipt('21000', '1.5', 'eth_sepolia')).toThrow(RangeError);
    expect(() => feeFromReceipt(-1n, 1n, 'eth_sepolia')).toThrow(RangeError);
  });

  it('splits a Solana fee into the signature and the priority fee, charged on the limit and rounded up', () => {
    expect(solanaFeeParts(1_000n, 1n)).toEqual({ signatureLamports: 5_000n, priorityLamports: 1n });
    expect(solanaFeeParts(600n, 1_000_000n)).toEqual({ signatureLamports: 5_000n, priorityLamports: 600n });
    expect(feeFromReceipt(1_000n, 0n, 'solana_devnet')).toBe(5_000n);
    // Test funds the simulated chain created carry no compute budget and cost nothing.
    expect(feeFromReceipt(0n, 0n, 'solana_devnet')).toBe(0n);
  });
});

describe('maxSendable', () => {
  it('is the balance less the fee, or zero when the fee is larger', () => {
    expect(maxSendable(100n, 30n)).toBe(70n);
    expect(maxSendable(30n, 30n)).toBe(0n);
    expect(maxSendable(29n, 30n)).toBe(0n);
  });

  it('is never negative and never leaves too little for the fee', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 20n }), (balance, fee) => {
        const max = maxSendable(balance, fee);
        return max >= 0n && (max === 0n || max + fee === balance);
      }),
    );
  });
});

describe('displays', () => {
  it('shows Gwei and fees cut to their places', () => {
    expect(gweiDisplay(36_045_000_000n)).toBe('36.04');
    expect(gweiDisplay('1201000000')).toBe('1.20');
    // Fees are exact: every digit, trailing zeros trimmed.
    expect(feeExact(756_945_000_000_000n, 'eth_sepolia')).toBe('0.000756945');
    expect(feeExact(830_655_000_000_000n, 'polygon_amoy')).toBe('0.000830655');
    expect(feeExact(25_221n, 'solana_devnet')).toBe('0.000025221');
    expect(feeExact(0n, 'eth_sepolia')).toBe('0');
  });

  it('gives each network its fee rate in its own units', () => {
    expect(feeRate('eth_sepolia', '21000', '36045000000', 'screen')).toEqual({ value: '36.04', unit: 'Gwei' });
    expect(feeRate('eth_sepolia', '21000', '36045000000', 'exact')).toEqual({ value: '36.045', unit: 'Gwei' });
    expect(feeRate('solana_devnet', '1000', '75000', 'screen')).toEqual({ value: '75000', unit: 'micro-lamports per compute unit' });
    expect(feeRate('solana_devnet', 1_000n, 75_000n, 'exact')).toEqual({ value: '75000', unit: 'micro-lamports per compute unit' });
  });

  it('says how a fee was priced in words', () => {
    expect(feeBreakdownText('eth_sepolia', '21000', '36045000000')).toBe('Gas used 21,000 · Gas price 36.04 Gwei');
    expect(feeBreakdownText('solana_devnet', '1000', '75000')).toBe('5,075 lamports: 5,000 per signature + 75 priority (1,000 compute units × 75,000 micro-lamports)');
    expect(feeBreakdownText('solana_devnet', '0', '0')).toBe('0 lamports');
  });

  it('estimates the fee in dollars to the nearest cent', () => {
    expect(feeUsdDisplay(630_000_000_000_000n, 'eth_sepolia', 2200)).toBe('1.39');
    expect(feeUsdDisplay(31_500n, 'solana_devnet', 100)).toBe('0.00');
    expect(feeUsdDisplay(2_520_000_000_000_000n, 'polygon_amoy', 0.93)).toBe('0.00');
    expect(feeUsdDisplay(10n ** 18n, 'polygon_amoy', 0.935)).toBe('0.94');
    expect(feeUsdDisplay(10n ** 18n, 'eth_sepolia', Number.NaN)).toBeUndefined();
    expect(feeUsdDisplay(10n ** 18n, 'eth_sepolia', -1)).toBeUndefined();
  });

  it('values the exact fee in any display currency from the coin price in that currency', () => {
    expect(feeFiatValue(945_000_000_000_000n, 'eth_sepolia', 2000)).toBeCloseTo(1.89, 10);
    expect(feeFiatValue('31500', 'solana_devnet', 100)).toBeCloseTo(0.00315, 10);
    expect(feeFiatValue(1n, 'eth_sepolia', Number.NaN)).toBeUndefined();
    expect(feeFiatValue(1n, 'eth_sepolia', -1)).toBeUndefined();
  });
});

describe('quoteFee', () => {
  const now = Date.UTC(2026, 10, 21, 17, 4, 0);

  it('describes the fee the selector shows and the server charges', () => {
    expect(quoteFee({ network: 'eth_sepolia', speed: 'normal', liveFactorPermille: 801, usdPrice: 2200, now })).toEqual({
      network: 'eth_sepolia',
      speed: 'normal',
      liveFactorPermille: 801,
      gasPriceWei: '36045000000',
      gasPriceGwei: '36.04',
      feeUnits: '756945000000000',
      feeDisplay: '0.000756945',
      feeUsd: '1.67',
      timeEstimate: '15-30 sec',
      quotedAt: '2026-11-21T17:04:00.000Z',
    });
  });

  it('leaves the dollar estimate out without a price', () => {
    const quote = quoteFee({ network: 'solana_devnet', speed: 'fast', liveFactorPermille: 1000, now });
    expect(quote).not.toHaveProperty('feeUsd');
    expect(quote.feeUnits).toBe('5100');
    expect(quote.feeDisplay).toBe('0.0000051');
    expect(quote.timeEstimate).toBe('under 1 sec, final in ~13 sec');
  });

  it('quotes every speed in order', () => {
    const quotes = quoteAllSpeeds({ network: 'polygon_amoy', liveFactorPermille: 1000, now });
    expect(quotes.map((q) => [q.speed, q.gasPriceGwei, q.timeEstimate])).toEqual([
      ['slow', '100.00', '30-60 sec'],
      ['normal', '150.00', '15-30 sec'],
      ['fast', '200.00', '5-15 sec'],
    ]);
  });
});

describe('randomness helpers', () => {
  it('spreads a random number over the live factor range', () => {
    expect(liveFactorPermilleFromRandom(0)).toBe(800);
    expect(liveFactorPermilleFromRandom(0.5)).toBe(1000);
    expect(liveFactorPermilleFromRandom(0.999999)).toBe(1200);
    expect(liveFactorPermilleFromRandom(1)).toBe(1200);
  });

  it('picks a pending time inside the speed window', () => {
    expect(pendingDelayMs('slow', 0)).toBe(30_000);
    expect(pendingDelayMs('slow', 0.999999)).toBe(60_000);
    expect(pendingDelayMs('fast', 0.5)).toBe(10_000);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (r) => {
        const delay = pendingDelayMs('normal', r);
        return delay >= 15_000 && delay <= 30_000 && Number.isInteger(delay);
      }),
    );
  });
});
