import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstContentfulPaint, useAfterFirstContentfulPaint } from './use-after-first-contentful-paint.ts';

/** A stand-in for the browser's PerformanceObserver with Paint Timing: the test delivers the paint entries. */
function fakePaintTiming(alreadyPainted: boolean) {
  const observers: { callback: PerformanceObserverCallback; isConnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private readonly record: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, isConnected: false };
      observers.push(this.record);
    }
    observe() {
      this.record.isConnected = true;
    }
    disconnect() {
      this.record.isConnected = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    alreadyPainted && name === 'first-contentful-paint' ? [{ name, startTime: 1 } as PerformanceEntry] : [],
  );
  const deliver = (name: string) => {
    const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
    for (const observer of observers.filter((item) => item.isConnected)) observer.callback(list, observer as unknown as PerformanceObserver);
  };
  return { observers, deliver };
}

describe('useAfterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('turns true when the browser reports the first contentful paint, not at an earlier paint', () => {
    const timing = fakePaintTiming(false);
    const { result, unmount } = renderHook(() => useAfterFirstContentfulPaint());
    expect(result.current).toBe(false);
    act(() => timing.deliver('first-paint'));
    expect(result.current).toBe(false);
    act(() => timing.deliver('first-contentful-paint'));
    expect(result.current).toBe(true);
    expect(timing.observers.every((observer) => !observer.isConnected)).toBe(true);
    unmount();
  });

  it('is true at once on a page shown after the first contentful paint (a later page of the app)', () => {
    const timing = fakePaintTiming(true);
    const { result } = renderHook(() => useAfterFirstContentfulPaint());
    expect(result.current).toBe(true);
    expect(timing.observers).toHaveLength(0);
  });

  it('stops listening when unmounted before the paint', () => {
    const timing = fakePaintTiming(false);
    const { unmount } = renderHook(() => useAfterFirstContentfulPaint());
    unmount();
    expect(timing.observers.every((observer) => !observer.isConnected)).toBe(true);
  });

  it('without Paint Timing, turns true once the frame after the first render has been painted', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const { result } = renderHook(() => useAfterFirstContentfulPaint());
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(1);
    act(() => frames[0]!(performance.now()));
    expect(result.current).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current).toBe(true);
  });
});

describe('firstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('resolves when the browser reports the first contentful paint, and not before', async () => {
    const timing = fakePaintTiming(false);
    let isResolved = false;
    const painted = firstContentfulPaint().then(() => {
      isResolved = true;
    });
    timing.deliver('first-paint');
    await Promise.resolve();
    expect(isResolved).toBe(false);
    timing.deliver('first-contentful-paint');
    await painted;
    expect(isResolved).toBe(true);
    expect(timing.observers.every((observer) => !observer.isConnected)).toBe(true);
  });

  it('resolves at once on a later page of the app', async () => {
    const timing = fakePaintTiming(true);
    await firstContentfulPaint();
    expect(timing.observers).toHaveLength(0);
  });
});
