import { describe, expect, it } from 'vitest';
import { transactionCountText } from './address-details.tsx';

describe('transactionCountText', () => {
  it('counts exactly below the cap, and says "1,000+" past it', () => {
    expect(transactionCountText(0, false)).toBe('0 transactions');
    expect(transactionCountText(1, false)).toBe('1 transaction');
    expect(transactionCountText(999, false)).toBe('999 transactions');
    expect(transactionCountText(1000, true)).toBe('1,000+ transactions');
  });
});
