import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useElementSize } from './use-element-size.ts';

/** A stand-in for the browser's ResizeObserver: the test says when the element takes a new size. */
function fakeResizeObserver() {
  const watched = new Set<{ callback: ResizeObserverCallback }>();
  class FakeObserver {
    private readonly record: { callback: ResizeObserverCallback };
    constructor(callback: ResizeObserverCallback) {
      this.record = { callback };
    }
    observe() {
      watched.add(this.record);
    }
    disconnect() {
      watched.delete(this.record);
    }
  }
  vi.stubGlobal('ResizeObserver', FakeObserver);
  const resize = (width: number, height: number) => {
    for (const { callback } of watched) callback([{ contentRect: { width, height } } as ResizeObserverEntry], {} as ResizeObserver);
  };
  return { resize, watching: () => watched.size };
}

describe('useElementSize', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the size before the first paint, follows resizes in whole pixels, and stops watching when unmounted', () => {
    const browser = fakeResizeObserver();
    const element = document.createElement('div');
    element.getBoundingClientRect = () => ({ width: 320.6, height: 256 }) as DOMRect;
    const ref = { current: element };
    const { result, unmount } = renderHook(() => useElementSize(ref));
    expect(result.current).toEqual({ width: 320, height: 256 });
    expect(browser.watching()).toBe(1);

    act(() => browser.resize(640.9, 256));
    expect(result.current).toEqual({ width: 640, height: 256 });
    const sameSize = result.current;
    act(() => browser.resize(640.2, 256.4));
    expect(result.current).toBe(sameSize);

    unmount();
    expect(browser.watching()).toBe(0);
  });

  it('is zero while there is no element', () => {
    const { result } = renderHook(() => useElementSize({ current: null }));
    expect(result.current).toEqual({ width: 0, height: 0 });
  });
});
