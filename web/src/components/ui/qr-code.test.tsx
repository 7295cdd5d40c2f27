import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrCode } from './qr-code.tsx';

// The library itself is not under test: a stand-in that says what it was asked to draw.
vi.mock('qrcode.react', () => ({
  QRCodeSVG: ({ value, size, level, ...rest }: { value: string; size: number; level?: string; role: string; 'aria-label': string }) => (
    <svg data-value={value} data-level={level} width={size} height={size} {...rest} />
  ),
}));

/** The browser's IntersectionObserver, replaced: the test says when the code's place comes near the screen. */
function fakeIntersectionObserver() {
  const callbacks: { callback: IntersectionObserverCallback; margin: string | undefined; target?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly record: (typeof callbacks)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, margin: options?.rootMargin };
        callbacks.push(this.record);
      }
      observe(target: Element) {
        this.record.target = target;
      }
      disconnect() {
        this.record.target = undefined;
      }
    },
  );
  return {
    margins: () => callbacks.map((item) => item.margin),
    comeNear: () => {
      for (const item of callbacks.filter((candidate) => candidate.target)) {
        item.callback([{ target: item.target!, isIntersecting: true } as IntersectionObserverEntry], item as unknown as IntersectionObserver);
      }
    },
  };
}

/** Paint Timing, replaced: no first contentful paint until the test delivers it. */
function fakePaintTiming() {
  const observers: PerformanceObserverCallback[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['paint'];
      constructor(callback: PerformanceObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(performance, 'getEntriesByName').mockReturnValue([]);
  const list = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
  return { paint: () => observers.forEach((callback) => callback(list, {} as PerformanceObserver)) };
}

const LABEL = 'QR code of the address 0xabc';
const place = () => document.querySelector<HTMLElement>('div[style]')!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The tests run in order: the library, once loaded, stays loaded for the codes after it (as on the page).
describe('QrCode', () => {
  it('is a blank square of its size until the page has painted and its place is near the screen, then draws in the same square', async () => {
    const screenEdge = fakeIntersectionObserver();
    const timing = fakePaintTiming();
    render(<QrCode value="0xabc" size={160} level="M" label={LABEL} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(place().style.width).toBe('160px');
    expect(place().style.height).toBe('160px');
    expect(screenEdge.margins()).toEqual(['50% 0px']);

    act(() => screenEdge.comeNear());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('img'), 'not before the first paint').toBeNull();

    act(() => timing.paint());
    const code = await screen.findByRole('img', { name: LABEL });
    expect(code.dataset.value).toBe('0xabc');
    expect(code.dataset.level).toBe('M');
    expect(code.getAttribute('width')).toBe('160');
    expect(code.parentElement).toBe(place());
    expect(place().style.width).toBe('160px');
  });

  it('once the library has loaded, a code near the screen draws at once, and one far below waits', () => {
    const screenEdge = fakeIntersectionObserver();
    fakePaintTiming();
    render(<QrCode value="0xdef" size={220} label="far" />);
    expect(screen.queryByRole('img')).toBeNull();
    act(() => screenEdge.comeNear());
    expect(screen.getByRole('img', { name: 'far' }).dataset.value).toBe('0xdef');
  });
});
