import { useDeferredValue, useMemo } from 'react';

/**
 * A query's answer, deferred: when it arrives, React first renders what already shows (the loading state), then
 * renders the answer in a transition, in slices that yield to the browser. A query's own update is one synchronous
 * render (useSyncExternalStore), and a form or a list drawn from a page's first answer was the longest task after its
 * first paint. `isWaiting` holds until the deferred render has data: no answer yet, or one not rendered yet; not
 * after a failure without data, which the caller shows as such.
 *
 * `answerFor` names what the answer is about (a hash, an address) where one component shows answers about several in
 * turn: while the deferred copy still holds the last one's answer, none is shown, so a page that moves on to another
 * transaction never draws the one before under its new address, not even for a frame.
 */
export function useDeferredAnswer<T>(
  query: { data: T | undefined; isError: boolean },
  answerFor = '',
): { data: T | undefined; isWaiting: boolean } {
  const current = useMemo(() => ({ answerFor, data: query.data }), [answerFor, query.data]);
  const deferred = useDeferredValue(current);
  const data = deferred.answerFor === answerFor ? deferred.data : undefined;
  return { data, isWaiting: data === undefined && !query.isError };
}
