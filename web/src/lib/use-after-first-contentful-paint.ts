import { startTransition, useEffect, useState } from 'react';

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/** Calls `then` once the browser has painted its next frame; returns what cancels it. */
export function afterNextPaint(then: () => void): () => void {
  // A frame callback runs just before the next paint; a task queued from it runs once that paint is done.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Calls `then` once the page has shown its first text or image (the browser's own first-contentful-paint entry),
 * at once if it already has (a later page of the app). Without Paint Timing, after the next frame has been painted.
 * Returns what cancels it.
 */
function afterFirstContentfulPaint(then: () => void): () => void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterNextPaint(then);
  if (performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) {
    then();
    return () => {};
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName(FIRST_CONTENTFUL_PAINT).length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}

/**
 * Resolves once the page has shown its first text or image (at once on a later page of the app). A fetcher awaits
 * it before importing the schemas that check its answer: the answer itself is asked for at once, but the schema
 * chunks (zod's core among them, about 25 KB) then no longer compete with the first paint for the network and the
 * main thread.
 */
export function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    afterFirstContentfulPaint(resolve);
  });
}

/**
 * False until the page has shown its first text or image, then true. A page keeps what can wait (a chunk it
 * imports, a heavy widget) out of the way of that first paint: on a phone's network and CPU, a large chunk fetched
 * and run before it holds the page's first contentful paint back. It turns true in a transition, so what it reveals
 * renders in slices with the page responsive between them.
 */
export function useAfterFirstContentfulPaint(): boolean {
  const [hasPainted, setPainted] = useState(false);
  useEffect(() => afterFirstContentfulPaint(() => startTransition(() => setPainted(true))), []);
  return hasPainted;
}
