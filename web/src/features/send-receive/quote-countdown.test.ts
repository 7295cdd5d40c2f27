import { describe, expect, it } from 'vitest';
import { localExpiry } from './api/create-quote.ts';
import { formatWait } from '../../lib/use-retry-wait.ts';
import { secondsLeft } from '../../lib/use-seconds-until.ts';

describe('the quote countdown', () => {
  it('counts whole seconds up, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('reads as minutes and seconds', () => {
    expect(formatWait(30)).toBe('0:30');
    expect(formatWait(75)).toBe('1:15');
    expect(formatWait(0)).toBe('0:00');
  });

  it("runs for the quote's lifetime from its arrival, whatever the browser's clock says", () => {
    // The server's clock is an hour ahead of this browser's: the quote still lasts its 30 s here.
    const quote = { createdAt: '2026-11-24T21:00:00.000Z', expiresAt: '2026-11-24T21:00:30.000Z' };
    expect(localExpiry(quote, 1_000)).toBe(31_000);
    expect(localExpiry({ createdAt: 'x', expiresAt: 'y' }, 1_000)).toBe(1_000);
  });
});
