import { type MarketSentiment, sentimentFromChange } from './sentiment.ts';

/** The 24h-change boundaries (percent) between Cautious, Neutral, Mildly Bullish and Bullish. */
export const SENTIMENT_THRESHOLDS_PERCENT = [-5, 0, 5] as const;
/** Confidence right on a boundary, where a small move would flip the label. */
export const SENTIMENT_MIN_CONFIDENCE = 50;
/** Confidence once the change is this far (percentage points) from every boundary. */
export const SENTIMENT_CERTAIN_DISTANCE = 2.5;
export const SENTIMENT_MAX_CONFIDENCE = 95;

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
