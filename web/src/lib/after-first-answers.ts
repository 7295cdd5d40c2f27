import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint, firstContentfulPaint } from './use-after-first-contentful-paint.ts';

/** The longest anything waits for a page's first answers: a slow or stuck request must not keep it out for good. */
export const FIRST_ANSWERS_WAIT_MAX_MS = 3_000;

/**
 * Calls `then` once the page has painted, none of its queries is fetching (its first answers are drawn, or have
 * failed) and the frame after that has been painted; at most `maxWaitMs` from now, whatever happens. Returns a cancel
 * (an effect's cleanup). For what a page's first screen does not show (the explorer's live feed, the toaster): their
 * chunks, requested earlier, compete with the answers for the network and the main thread.
 */
export function afterFirstAnswers(queryClient: QueryClient, then: () => void, maxWaitMs = FIRST_ANSWERS_WAIT_MAX_MS): () => void {
  let isDone = false;
  let unsubscribe: (() => void) | undefined;
  let cancelPaint: (() => void) | undefined;
  const stop = () => {
    isDone = true;
    unsubscribe?.();
    clearTimeout(timer);
    cancelPaint?.();
  };
  const finish = () => {
    if (isDone) return;
    stop();
    then();
  };
  const timer = setTimeout(finish, maxWaitMs);
  const finishAfterNextPaint = () => {
    unsubscribe?.();
    unsubscribe = undefined;
    cancelPaint ??= afterNextPaint(finish);
  };
  void firstContentfulPaint().then(() => {
    if (isDone) return;
    if (queryClient.isFetching() === 0) return finishAfterNextPaint();
    unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (!isDone && queryClient.isFetching() === 0) finishAfterNextPaint();
    });
  });
  return stop;
}

/** False until the page's first answers are drawn (`afterFirstAnswers`), then true, in a transition. */
export function useAfterFirstAnswers(): boolean {
  const queryClient = useQueryClient();
  const [haveAnswered, setAnswered] = useState(false);
  useEffect(() => afterFirstAnswers(queryClient, () => startTransition(() => setAnswered(true))), [queryClient]);
  return haveAnswered;
}
