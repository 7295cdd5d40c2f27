/**
 * Price forecasts by Holt's linear trend method with a damped trend (exponential smoothing), run on the
 * natural logarithm of daily closing prices. Working in logs makes the trend a growth rate, so a
 * forecast can never go below zero and a 10% move means the same at any price level. The smoothing
 * parameters are picked by least squares on one-day-ahead errors; the confidence comes from a rolling
 * backtest: how far 7-day-ahead forecasts made on the earlier data landed from what happened.
 */

export interface HoltParameters {
  /** Level smoothing, 0 < alpha ≤ 1: how fast the level follows new prices. */
  alpha: number;
  /** Trend smoothing, 0 < beta ≤ 1: how fast the growth rate follows changes in the level. */
  beta: number;
  /** Trend damping, 0 < phi ≤ 1: 1 extends the trend for ever; below 1 it fades with the horizon. */
  phi: number;
}

export interface HoltState {
  level: number;
  trend: number;
  /** Sum of squared one-step-ahead errors from the third value on (the first two set the start). */
  sumSquaredErrors: number;
}

export const FORECAST_HORIZON_DAYS = { h24: 1, d7: 7, d30: 30 } as const;
export type ForecastHorizon = keyof typeof FORECAST_HORIZON_DAYS;

/** Fewer closes than this and no trend can be told from noise: the forecast stays flat with confidence 0. */
export const MIN_FORECAST_HISTORY_DAYS = 14;
/** The backtest judges forecasts this many days ahead... */
export const BACKTEST_HORIZON_DAYS = 7;
/** ...made from this many consecutive starting days (fewer when the history is short)... */
export const BACKTEST_ORIGINS = 20;
/** ...and the confidence is the estimated chance of landing within this fraction of the actual price. */
export const CONFIDENCE_TOLERANCE = 0.05;
/** Past data never makes the future certain. */
export const MAX_CONFIDENCE = 0.99;
/** What a forecast's confidence measures, in a few words for where it is shown beside another confidence. */
export const FORECAST_CONFIDENCE_HINT = `Chance the price lands within ±${CONFIDENCE_TOLERANCE * 100}% of the forecast`;

export const FORECAST_METHOD = {
  name: "Holt's damped-trend exponential smoothing",
  description:
    "Forecasts use Holt's linear trend method with a damped trend (exponential smoothing) on the logarithm of daily closing prices over the last 90 days, with smoothing parameters fitted to one-day-ahead errors. " +
    `Confidence is the chance, estimated from a backtest of ${BACKTEST_HORIZON_DAYS}-day-ahead forecasts over the last ${BACKTEST_ORIGINS} days, ` +
    `that the price lands within ±${CONFIDENCE_TOLERANCE * 100}% of the forecast.`,
} as const;

const ALPHAS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;
const BETAS = [0.01, 0.05, 0.1, 0.2, 0.3, 0.5] as const;
const PHIS = [1, 0.98, 0.95, 0.9, 0.8] as const;

/** Runs the smoothing over `series` (at least two values) and returns the final level and trend. */
export function holtSmooth(series: readonly number[], { alpha, beta, phi }: HoltParameters): HoltState {
  if (series.length < 2) throw new RangeError('Holt smoothing needs at least two values');
  let level = series[0]!;
  let trend = series[1]! - series[0]!;
  let sumSquaredErrors = 0;
  for (let t = 1; t < series.length; t++) {
    const value = series[t]!;
    const expected = level + phi * trend;
    if (t >= 2) sumSquaredErrors += (value - expected) ** 2;
    const previousLevel = level;
    level = alpha * value + (1 - alpha) * expected;
    trend = beta * (level - previousLevel) + (1 - beta) * phi * trend;
  }
  return { level, trend, sumSquaredErrors };
}

/** The value `steps` ahead: level + (phi + phi² + … + phi^steps) × trend. */
export function holtProject(state: Pick<HoltState, 'level' | 'trend'>, phi: number, steps: number): number {
  let dampingSum = 0;
  let power = 1;
  for (let i = 1; i <= steps; i++) {
    power *= phi;
    dampingSum += power;
  }
  return state.level + dampingSum * state.trend;
}

/** The grid point with the smallest one-day-ahead squared error; ties go to the first (the simplest) one. */
export function fitHoltParameters(series: readonly number[]): HoltParameters & HoltState {
  let best: (HoltParameters & HoltState) | undefined;
  for (const phi of PHIS) {
    for (const alpha of ALPHAS) {
      for (const beta of BETAS) {
        const state = holtSmooth(series, { alpha, beta, phi });
        if (!best || state.sumSquaredErrors < best.sumSquaredErrors - 1e-15) best = { alpha, beta, phi, ...state };
      }
    }
  }
  return best!;
}

/** Fits on `logSeries` and returns the forecast log value `steps` ahead. */
function forecastLog(logSeries: readonly number[], steps: number): number {
  const fit = fitHoltParameters(logSeries);
  return holtProject(fit, fit.phi, steps);
}

/** The error function, Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7). */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-z * z));
}

export interface BacktestResult {
  /** How many forecasts were checked against what happened. */
  forecastsChecked: number;
  /** Root mean square of log(actual ÷ forecast): about the typical relative miss. */
  rootMeanSquareLogError: number;
  /** Mean of |actual − forecast| ÷ actual, in percent. */
  meanAbsolutePercentError: number;
}

/**
 * Rolling-origin backtest: for each of the last `origins` possible starting days, fit on the closes up to
 * that day only and forecast `horizonDays` ahead, then compare with the close that followed.
 */
export function backtestForecast(
  closes: readonly number[],
  { horizonDays = BACKTEST_HORIZON_DAYS, origins = BACKTEST_ORIGINS } = {},
): BacktestResult {
  const logs = closes.map(Math.log);
  const lastOrigin = logs.length - 1 - horizonDays;
  const firstOrigin = Math.max(MIN_FORECAST_HISTORY_DAYS - 1, lastOrigin - origins + 1);
  let squaredLogErrors = 0;
  let absolutePercentErrors = 0;
  let forecastsChecked = 0;
  for (let origin = firstOrigin; origin <= lastOrigin; origin++) {
    const predictedLog = forecastLog(logs.slice(0, origin + 1), horizonDays);
    const actualLog = logs[origin + horizonDays]!;
    squaredLogErrors += (actualLog - predictedLog) ** 2;
    absolutePercentErrors += Math.abs(1 - Math.exp(predictedLog - actualLog));
    forecastsChecked++;
  }
  if (forecastsChecked === 0) return { forecastsChecked, rootMeanSquareLogError: Number.NaN, meanAbsolutePercentError: Number.NaN };
  return {
    forecastsChecked,
    rootMeanSquareLogError: Math.sqrt(squaredLogErrors / forecastsChecked),
    meanAbsolutePercentError: (absolutePercentErrors / forecastsChecked) * 100,
  };
}

/**
 * The chance that a forecast lands within ±`CONFIDENCE_TOLERANCE` of the actual price, taking the
 * backtest's log errors as normal with mean 0 and the backtest's root mean square as spread.
 */
export function confidenceFromBacktest(backtest: BacktestResult): number {
  if (backtest.forecastsChecked === 0 || !Number.isFinite(backtest.rootMeanSquareLogError)) return 0;
  const toleranceLog = Math.log(1 + CONFIDENCE_TOLERANCE);
  const spread = backtest.rootMeanSquareLogError;
  const chance = spread === 0 ? 1 : erf(toleranceLog / (spread * Math.SQRT2));
  return Math.round(Math.min(MAX_CONFIDENCE, Math.max(0, chance)) * 100) / 100;
}

export interface PriceForecast {
  /** Forecast price divided by the last close, minus one, per horizon (0.02 = 2% up). */
  expectedChange: Record<ForecastHorizon, number>;
  /** 0 to 1, from the backtest (see confidenceFromBacktest). */
  confidence: number;
  backtest: BacktestResult;
  parameters: HoltParameters | null;
  /** How many daily closes the forecast was fitted on. */
  historyDays: number;
}

const FLAT: Record<ForecastHorizon, number> = { h24: 0, d7: 0, d30: 0 };

/**
 * Forecasts from daily closes, oldest first (positive, finite prices). With too little history the
 * forecast is flat at the last price with confidence 0: "no idea", said plainly.
 */
export function forecastFromCloses(closes: readonly number[]): PriceForecast {
  const usable = closes.filter((close) => Number.isFinite(close) && close > 0);
  if (usable.length < MIN_FORECAST_HISTORY_DAYS) {
    return {
      expectedChange: { ...FLAT },
      confidence: 0,
      backtest: { forecastsChecked: 0, rootMeanSquareLogError: Number.NaN, meanAbsolutePercentError: Number.NaN },
      parameters: null,
      historyDays: usable.length,
    };
  }
  const logs = usable.map(Math.log);
  const fit = fitHoltParameters(logs);
  const lastLog = logs[logs.length - 1]!;
  const changeAfter = (days: number) => Math.exp(holtProject(fit, fit.phi, days) - lastLog) - 1;
  const backtest = backtestForecast(usable);
  return {
    expectedChange: {
      h24: changeAfter(FORECAST_HORIZON_DAYS.h24),
      d7: changeAfter(FORECAST_HORIZON_DAYS.d7),
      d30: changeAfter(FORECAST_HORIZON_DAYS.d30),
    },
    confidence: confidenceFromBacktest(backtest),
    backtest,
    parameters: { alpha: fit.alpha, beta: fit.beta, phi: fit.phi },
    historyDays: usable.length,
  };
}
