import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for its next idle period, with the longest wait as its timeout, and can cancel it', () => {
    const requestIdleCallback = vi.fn((_then: () => void, _options: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const then = vi.fn();
    const cancel = whenIdle(then, 1_500);
    expect(requestIdleCallback).toHaveBeenCalledWith(then, { timeout: 1_500 });
    expect(then).not.toHaveBeenCalled();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('without idle callbacks, runs in the next task, unless cancelled first', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const ran = vi.fn();
    whenIdle(ran, 1_500);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(ran).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled, 1_500)();
    vi.advanceTimersByTime(10);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
