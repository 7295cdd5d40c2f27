import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MODULE_ATTRIBUTE, answerModulesMayLoad } from './answer-modules.ts';

const pageWith = (head: string) => new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');

describe('answerModulesMayLoad', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves at once where the HTML preloaded the answer modules', async () => {
    const resolved = vi.fn();
    void answerModulesMayLoad(pageWith(`<link rel="modulepreload" crossorigin href="/assets/explorer-schemas-a1.js" ${ANSWER_MODULE_ATTRIBUTE}>`)).then(resolved);
    await Promise.resolve();
    expect(resolved).toHaveBeenCalledOnce();
  });

  it('waits for the first paint where they were not preloaded, or only preloaded as any chunk', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.useFakeTimers();
    let paint: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      paint = callback;
      return 1;
    });
    for (const head of ['', '<link rel="modulepreload" crossorigin href="/assets/explorer-schemas-a1.js">', `<link rel="preload" href="/x" ${ANSWER_MODULE_ATTRIBUTE}>`]) {
      paint = undefined;
      const resolved = vi.fn();
      void answerModulesMayLoad(pageWith(head)).then(resolved);
      await vi.advanceTimersByTimeAsync(50);
      expect(resolved, head).not.toHaveBeenCalled();
      paint!(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(resolved, head).toHaveBeenCalledOnce();
    }
  });
});
