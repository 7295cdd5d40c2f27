import { describe, expect, it } from 'vitest';
import { formatWait } from './use-retry-wait.ts';

describe('formatWait', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatWait(3)).toBe('0:03');
    expect(formatWait(42)).toBe('0:42');
    expect(formatWait(15 * 60 - 1)).toBe('14:59');
    expect(formatWait(3600 + 2 * 60 + 3)).toBe('1:02:03');
  });
});
