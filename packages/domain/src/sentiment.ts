/**
 * Market sentiment from a coin's 24h price change: the label with its prediction and factors, and how
 * confident that label is (one module: both read the same thresholds).
 */
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

/** The 24h-change boundaries (percent) between Cautious, Neutral, Mildly Bullish and Bullish. */
export const SENTIMENT_THRESHOLDS_PERCENT = [-5, 0, 5] as const;

/**
 * The thresholds on the 24h change in percent (docs/product.md#sentiment): above 5 Bullish, above 0 Mildly Bullish, above -5
 * Neutral, otherwise Cautious. A change that is not a number says nothing about the market, so Neutral.
 */
export function sentimentFromChange(change24hPercent: number): MarketSentiment {
  const [low, middle, high] = SENTIMENT_THRESHOLDS_PERCENT;
  if (Number.isNaN(change24hPercent)) return SENTIMENTS.Neutral;
  if (change24hPercent > high) return SENTIMENTS.Bullish;
  if (change24hPercent > middle) return SENTIMENTS['Mildly Bullish'];
  if (change24hPercent > low) return SENTIMENTS.Neutral;
  return SENTIMENTS.Cautious;
}

// ---- confidence: how sure the label is ----

/** Confidence right on a boundary, where a small move would flip the label. */
export const SENTIMENT_MIN_CONFIDENCE = 50;
/** Confidence once the change is this far (percentage points) from every boundary. */
export const SENTIMENT_CERTAIN_DISTANCE = 2.5;
export const SENTIMENT_MAX_CONFIDENCE = 95;

/** What the sentiment's confidence measures, in a few words for where it is shown beside another confidence. */
export const SENTIMENT_CONFIDENCE_HINT = 'How clearly the 24h change sits inside its label';

export const SENTIMENT_CONFIDENCE_METHOD =
  `Confidence grows with the distance of the 24h change from the nearest threshold (−5%, 0%, +5%): ` +
  `${SENTIMENT_MIN_CONFIDENCE}% on a threshold, ${SENTIMENT_MAX_CONFIDENCE}% at ${SENTIMENT_CERTAIN_DISTANCE} points or more away.`;

/**
 * How sure the label is, 50–95 (percent): a change just past a threshold could flip back with the next
 * tick; one far from every threshold will not. A change that is not a number gives the minimum.
 */
export function sentimentConfidence(change24hPercent: number): number {
  if (Number.isNaN(change24hPercent)) return SENTIMENT_MIN_CONFIDENCE;
  const distance = Math.min(...SENTIMENT_THRESHOLDS_PERCENT.map((threshold) => Math.abs(change24hPercent - threshold)));
  const share = Math.min(1, distance / SENTIMENT_CERTAIN_DISTANCE);
  return Math.round(SENTIMENT_MIN_CONFIDENCE + share * (SENTIMENT_MAX_CONFIDENCE - SENTIMENT_MIN_CONFIDENCE));
}

export interface SentimentReading extends MarketSentiment {
  /** 50–95, percent. */
  confidence: number;
  /** The 24h change (percent) the reading was made from. */
  change24h: number;
}

/** The sentiment for a 24h change, with its confidence (docs/product.md#sentiment). */
export function readSentiment(change24hPercent: number): SentimentReading {
  return { ...sentimentFromChange(change24hPercent), confidence: sentimentConfidence(change24hPercent), change24h: change24hPercent };
}
