export type SentimentLabel = 'Bullish' | 'Mildly Bullish' | 'Neutral' | 'Cautious';

export interface MarketSentiment {
  label: SentimentLabel;
  prediction: string;
  factors: readonly [string, string, string];
}

export const SENTIMENTS: Record<SentimentLabel, MarketSentiment> = {
  Bullish: {
    label: 'Bullish',
    prediction: 'Strong upward momentum; prices may keep rising in the short term.',
    factors: [
      '24h price change above +5%',
      'Buying pressure is outpacing selling',
      'Momentum favours continued gains',
    ],
  },
  'Mildly Bullish': {
    label: 'Mildly Bullish',
    prediction: 'Modest gains; a gradual upward trend is possible.',
    factors: ['24h price change above 0%, up to +5%', 'Steady buying interest', 'Low volatility supports gradual growth'],
  },
  Neutral: {
    label: 'Neutral',
    prediction: 'Prices are consolidating; expect sideways movement.',
    factors: ['24h price change above -5%, up to 0%', 'Buyers and sellers are balanced', 'No clear trend in either direction'],
  },
  Cautious: {
    label: 'Cautious',
    prediction: 'Downward pressure; further declines are possible in the short term.',
    factors: ['24h price change of -5% or lower', 'Selling pressure is elevated', 'Consider the risk before large transfers'],
  },
};

/**
 * The thresholds on the 24h change in percent (docs/product.md#sentiment): above 5 Bullish, above 0 Mildly Bullish, above -5
 * Neutral, otherwise Cautious. A change that is not a number says nothing about the market, so Neutral.
 */
export function sentimentFromChange(change24hPercent: number): MarketSentiment {
  if (Number.isNaN(change24hPercent)) return SENTIMENTS.Neutral;
  if (change24hPercent > 5) return SENTIMENTS.Bullish;
  if (change24hPercent > 0) return SENTIMENTS['Mildly Bullish'];
  if (change24hPercent > -5) return SENTIMENTS.Neutral;
  return SENTIMENTS.Cautious;
}
