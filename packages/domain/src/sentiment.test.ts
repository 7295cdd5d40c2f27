import { describe, expect, it } from 'vitest';
import { SENTIMENTS, sentimentFromChange } from './sentiment.ts';

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
