import { useDeferredValue } from 'react';

/**
 * A query's answer, deferred: when it arrives, React first renders what already shows (the loading state), then
 * renders the answer in a transition, in slices that yield to the browser. A query's own update is one synchronous
 * render (useSyncExternalStore), and a form or a list drawn from a page's first answer was the longest task after its
 * first paint. `isWaiting` holds until the deferred render has data: no answer yet, or one not rendered yet; not
 * after a failure without data, which the caller shows as such.
 */
export function useDeferredAnswer<T>(query: { data: T | undefined; isError: boolean }): { data: T | undefined; isWaiting: boolean } {
  const data = useDeferredValue(query.data);
  return { data, isWaiting: data === undefined && !query.isError };
}
