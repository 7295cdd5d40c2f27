import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE_TOLERANCE,
  MAX_CONFIDENCE,
  backtestForecast,
  confidenceFromBacktest,
  erf,
  fitHoltParameters,
  forecastFromCloses,
  holtProject,
  holtSmooth,
} from './forecast.ts';

const geometric = (start: number, dailyFactor: number, days: number) =>
  Array.from({ length: days }, (_, day) => start * dailyFactor ** day);

/** A fixed pseudo-random sequence in [-1, 1), so the "noisy" series is the same on every run. */
function fixedNoise(count: number, seed = 7): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31) * 2 - 1;
  });
}

describe('holtSmooth and holtProject', () => {
  it('follow the recursion worked by hand on 1, 2, 4, 5 (alpha 0.5, beta 0.5, no damping)', () => {
    // l0 = 1, b0 = 1; t1: l = 2, b = 1; t2: expected 3, l = 3.5, b = 1.25; t3: expected 4.75, l = 4.875, b = 1.3125.
    const state = holtSmooth([1, 2, 4, 5], { alpha: 0.5, beta: 0.5, phi: 1 });
    expect(state.level).toBeCloseTo(4.875, 12);
    expect(state.trend).toBeCloseTo(1.3125, 12);
    expect(state.sumSquaredErrors).toBeCloseTo(1 ** 2 + 0.25 ** 2, 12);
    expect(holtProject(state, 1, 2)).toBeCloseTo(4.875 + 2 * 1.3125, 12);
  });

  it('damps the trend: phi 0.5 adds 0.5 + 0.25 trends over two steps', () => {
    expect(holtProject({ level: 10, trend: 4 }, 0.5, 2)).toBeCloseTo(10 + 0.75 * 4, 12);
    expect(holtProject({ level: 10, trend: 4 }, 0.5, 0)).toBe(10);
  });

  it('needs two values', () => {
    expect(() => holtSmooth([1], { alpha: 0.5, beta: 0.5, phi: 1 })).toThrow(RangeError);
  });
});

describe('fitHoltParameters', () => {
  it('fits a straight line with no error and an undamped trend', () => {
    const line = Array.from({ length: 30 }, (_, t) => 3 + 0.2 * t);
    const fit = fitHoltParameters(line);
    expect(fit.phi).toBe(1);
    expect(fit.sumSquaredErrors).toBeCloseTo(0, 20);
    expect(holtProject(fit, fit.phi, 5)).toBeCloseTo(3 + 0.2 * 34, 9);
  });
});

describe('erf', () => {
  it('matches tabulated values', () => {
    expect(erf(0)).toBeCloseTo(0, 7);
    expect(erf(1)).toBeCloseTo(0.8427007929, 6);
    expect(erf(-0.5)).toBeCloseTo(-0.5204998778, 6);
    expect(erf(3)).toBeCloseTo(0.9999779095, 6);
  });
});

describe('confidenceFromBacktest', () => {
  it('is the chance of a normal log error landing within the tolerance', () => {
    // A spread of ln(1.05) / √2 puts the tolerance at exactly one erf unit: erf(1) ≈ 0.84.
    const spread = Math.log(1 + CONFIDENCE_TOLERANCE) / Math.SQRT2;
    expect(confidenceFromBacktest({ forecastsChecked: 20, rootMeanSquareLogError: spread, meanAbsolutePercentError: 4 })).toBe(0.84);
  });

  it('is capped below certainty and is 0 without any checked forecast', () => {
    expect(confidenceFromBacktest({ forecastsChecked: 20, rootMeanSquareLogError: 0, meanAbsolutePercentError: 0 })).toBe(MAX_CONFIDENCE);
    expect(confidenceFromBacktest({ forecastsChecked: 0, rootMeanSquareLogError: Number.NaN, meanAbsolutePercentError: Number.NaN })).toBe(0);
  });

  it('falls as the backtest error grows', () => {
    const at = (rootMeanSquareLogError: number) =>
      confidenceFromBacktest({ forecastsChecked: 20, rootMeanSquareLogError, meanAbsolutePercentError: 0 });
    expect(at(0.01)).toBeGreaterThan(at(0.05));
    expect(at(0.05)).toBeGreaterThan(at(0.2));
  });
});

describe('forecastFromCloses', () => {
  it('continues steady 1% daily growth exactly, with top confidence', () => {
    const closes = geometric(100, 1.01, 60);
    const forecast = forecastFromCloses(closes);
    expect(forecast.expectedChange.h24).toBeCloseTo(0.01, 9);
    expect(forecast.expectedChange.d7).toBeCloseTo(1.01 ** 7 - 1, 9);
    expect(forecast.expectedChange.d30).toBeCloseTo(1.01 ** 30 - 1, 9);
    expect(forecast.backtest.forecastsChecked).toBe(20);
    expect(forecast.backtest.meanAbsolutePercentError).toBeCloseTo(0, 9);
    expect(forecast.confidence).toBe(MAX_CONFIDENCE);
    expect(forecast.historyDays).toBe(60);
  });

  it('forecasts a fall for a steady decline', () => {
    const forecast = forecastFromCloses(geometric(2000, 0.98, 45));
    expect(forecast.expectedChange.h24).toBeCloseTo(-0.02, 9);
    expect(forecast.expectedChange.d7).toBeLessThan(forecast.expectedChange.h24);
    expect(forecast.expectedChange.d30).toBeLessThan(forecast.expectedChange.d7);
  });

  it('keeps a flat price flat', () => {
    const forecast = forecastFromCloses(Array.from({ length: 30 }, () => 82));
    expect(forecast.expectedChange).toEqual({ h24: 0, d7: 0, d30: 0 });
    expect(forecast.confidence).toBe(MAX_CONFIDENCE);
  });

  it('is less confident on a noisy series, and the confidence matches its own backtest', () => {
    const noisy = fixedNoise(90).map((noise) => 100 * (1 + 0.06 * noise));
    const forecast = forecastFromCloses(noisy);
    expect(forecast.backtest.forecastsChecked).toBe(20);
    expect(forecast.backtest.meanAbsolutePercentError).toBeGreaterThan(1);
    expect(forecast.confidence).toBeGreaterThan(0);
    expect(forecast.confidence).toBeLessThan(0.9);
    expect(forecast.confidence).toBe(confidenceFromBacktest(backtestForecast(noisy)));
  });

  it('stays flat with confidence 0 on less than 14 days of history, ignoring unusable closes', () => {
    const forecast = forecastFromCloses([...geometric(100, 1.05, 13), Number.NaN, -5, 0]);
    expect(forecast).toMatchObject({ expectedChange: { h24: 0, d7: 0, d30: 0 }, confidence: 0, parameters: null, historyDays: 13 });
  });

  it('backtests fewer origins when the history is short', () => {
    // Each origin needs 14 closes to fit on and 7 more to check against: 20 closes allow none, 25 allow five.
    expect(backtestForecast(geometric(100, 1.01, 20)).forecastsChecked).toBe(0);
    expect(backtestForecast(geometric(100, 1.01, 25)).forecastsChecked).toBe(25 - 1 - 7 - 13 + 1);
  });
});
