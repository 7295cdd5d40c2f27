import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport.ts';

/** A stand-in for the browser's IntersectionObserver: the test says when the element comes near the screen. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; margin: string | undefined; targets: Element[] }[] = [];
  class FakeObserver {
    private readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, margin: options?.rootMargin, targets: [] };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.targets.push(target);
    }
    disconnect() {
      this.record.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const deliver = (isIntersecting: boolean) => {
    for (const observer of observers.filter((item) => item.targets.length > 0)) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  };
  const watching = () => observers.filter((item) => item.targets.length > 0);
  return { deliver, watching };
}

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is false until the element comes within the margin of the screen, then stays true and stops watching', () => {
    const browser = fakeIntersectionObserver();
    const ref = { current: document.createElement('div') };
    const { result } = renderHook(() => useNearViewport(ref, '50% 0px'));
    expect(result.current).toBe(false);
    expect(browser.watching()).toHaveLength(1);
    expect(browser.watching()[0]!.margin).toBe('50% 0px');

    act(() => browser.deliver(false));
    expect(result.current).toBe(false);

    act(() => browser.deliver(true));
    expect(result.current).toBe(true);
    expect(browser.watching()).toHaveLength(0);
  });

  it('stops watching when the component goes away', () => {
    const browser = fakeIntersectionObserver();
    const ref = { current: document.createElement('div') };
    const { unmount } = renderHook(() => useNearViewport(ref, '0px'));
    expect(browser.watching()).toHaveLength(1);
    unmount();
    expect(browser.watching()).toHaveLength(0);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const ref = { current: document.createElement('div') };
    const { result } = renderHook(() => useNearViewport(ref, '0px'));
    expect(result.current).toBe(true);
  });
});
