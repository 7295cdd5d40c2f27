/**
 * Calls `then` in the browser's next idle period, at most `maxWaitMs` from now; returns a cancel (an effect's
 * cleanup). For work that can wait while a page renders its first answers: fetching a chunk ahead, opening the
 * realtime connection. Run beside that rendering rather than inside it, it does not lengthen the page's long tasks.
 */
export function whenIdle(then: () => void, maxWaitMs: number): () => void {
  if (typeof requestIdleCallback === 'undefined') {
    const timer = setTimeout(then, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(then, { timeout: maxWaitMs });
  return () => cancelIdleCallback(handle);
}

/** The longest a chunk fetched ahead (a next step, another tab) waits for an idle moment. */
export const PREFETCH_WAIT_MAX_MS = 2_000;
