import { describe, expect, it } from 'vitest';
import { readSentiment, SENTIMENTS, sentimentConfidence, sentimentFromChange } from './sentiment.ts';

describe('sentimentFromChange', () => {
  it.each([
    [12, 'Bullish'],
    [5.01, 'Bullish'],
    [5, 'Mildly Bullish'],
    [0.01, 'Mildly Bullish'],
    [0, 'Neutral'],
    [-0, 'Neutral'],
    [-4.99, 'Neutral'],
    [-5, 'Cautious'],
    [-30, 'Cautious'],
    [Number.POSITIVE_INFINITY, 'Bullish'],
    [Number.NEGATIVE_INFINITY, 'Cautious'],
    [Number.NaN, 'Neutral'],
  ])('a 24h change of %d%% is %s', (change, label) => {
    expect(sentimentFromChange(change).label).toBe(label);
  });

  it('gives each sentiment its own prediction and three factors', () => {
    const all = Object.values(SENTIMENTS);
    expect(new Set(all.map((s) => s.prediction)).size).toBe(4);
    for (const sentiment of all) {
      expect(sentiment.factors).toHaveLength(3);
      expect(sentiment.factors.every((factor) => factor.length > 0)).toBe(true);
    }
  });
});

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
