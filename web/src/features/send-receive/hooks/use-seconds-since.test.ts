import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSecondsSince } from './use-seconds-since.ts';

describe('useSecondsSince', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts whole seconds, once a second, and restarts at a new moment', () => {
    const start = Date.now();
    const initialProps: { since: number | undefined } = { since: start };
    const { result, rerender } = renderHook(({ since }) => useSecondsSince(since), { initialProps });
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(result.current).toBe(2);

    rerender({ since: Date.now() });
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(1);

    rerender({ since: undefined });
    expect(result.current).toBeUndefined();
  });
});
