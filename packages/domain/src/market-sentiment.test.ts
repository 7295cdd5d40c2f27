import { describe, expect, it } from 'vitest';
import { readSentiment, sentimentConfidence } from './market-sentiment.ts';

describe('sentimentConfidence', () => {
  it.each([
    [5, 50],
    [0, 50],
    [-5, 50],
    [1.25, 73],
    [2.5, 95],
    [-2.5, 95],
    [6.25, 73],
    [12, 95],
    [-40, 95],
    [Number.NaN, 50],
  ])('a 24h change of %d%% gives %d%%', (change, confidence) => {
    expect(sentimentConfidence(change)).toBe(confidence);
  });
});

describe('readSentiment', () => {
  it('labels by the thresholds of docs/product.md#sentiment and keeps the change it read', () => {
    expect(readSentiment(5.5)).toMatchObject({ label: 'Bullish', confidence: 59, change24h: 5.5 });
    expect(readSentiment(-5)).toMatchObject({ label: 'Cautious', confidence: 50 });
    expect(readSentiment(-1).factors).toHaveLength(3);
  });
});
