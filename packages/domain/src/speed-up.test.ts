import { describe, expect, it } from 'vitest';
import { feeFromReceipt, gasPriceWei } from './fees.ts';
import { canSpeedUpOn, fasterSpeeds, isFasterSpeed, minimumReplacementGasPrice, speedUpPrice } from './speed-up.ts';

describe('speed-up rules', () => {
  it('is offered on the EVM networks only', () => {
    expect(canSpeedUpOn('eth_sepolia')).toBe(true);
    expect(canSpeedUpOn('polygon_amoy')).toBe(true);
    expect(canSpeedUpOn('solana_devnet')).toBe(false);
  });

  it('orders the speeds slow < normal < fast', () => {
    expect(fasterSpeeds('slow')).toEqual(['normal', 'fast']);
    expect(fasterSpeeds('normal')).toEqual(['fast']);
    expect(fasterSpeeds('fast')).toEqual([]);
    expect(isFasterSpeed('fast', 'normal')).toBe(true);
    expect(isFasterSpeed('normal', 'normal')).toBe(false);
    expect(isFasterSpeed('slow', 'fast')).toBe(false);
  });

  it('asks at least 10 % more gas price, rounded up', () => {
    expect(minimumReplacementGasPrice(30_000_000_000n)).toBe(33_000_000_000n);
    expect(minimumReplacementGasPrice(1n)).toBe(2n);
    expect(minimumReplacementGasPrice(10n)).toBe(11n);
    expect(minimumReplacementGasPrice(11n)).toBe(13n);
  });

  it('pays the faster market price when it is above the bump, else the bump', () => {
    const oldPrice = gasPriceWei('eth_sepolia', 'slow', 1000);
    const oldFee = feeFromReceipt(21_000n, oldPrice, 'eth_sepolia');
    const market = gasPriceWei('eth_sepolia', 'fast', 1000);
    const atMarket = speedUpPrice({ network: 'eth_sepolia', gasUsed: 21_000n, oldGasPriceWei: oldPrice, oldFeeUnits: oldFee, marketGasPriceWei: market });
    expect(atMarket.gasPriceWei).toBe(market);
    expect(atMarket.feeUnits).toBe(21_000n * market);
    expect(atMarket.differenceUnits).toBe(21_000n * (market - oldPrice));
    // The market fell since the send (live factor 1.2 → 0.8): normal now costs less than slow did, so the bump decides.
    const high = gasPriceWei('eth_sepolia', 'slow', 1200);
    const low = gasPriceWei('eth_sepolia', 'normal', 800);
    const bumped = speedUpPrice({ network: 'eth_sepolia', gasUsed: 65_000n, oldGasPriceWei: high, oldFeeUnits: 65_000n * high, marketGasPriceWei: low });
    expect(bumped.gasPriceWei).toBe(minimumReplacementGasPrice(high));
    expect(bumped.differenceUnits).toBe(65_000n * (minimumReplacementGasPrice(high) - high));
    expect(bumped.differenceUnits > 0n).toBe(true);
  });
});
