import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstAnswers } from './after-first-answers.ts';

/** Without Paint Timing, the first paint is the next frame; frames here come every 16 ms of fake time. */
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', undefined);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now()), 16) as unknown as number);
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => clearTimeout(handle));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A query whose answer comes when the test says. */
function pendingQuery(client: QueryClient, key: string) {
  let answer!: (value: string) => void;
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
  return (value: string) => answer(value);
}

describe('afterFirstAnswers', () => {
  it('waits for the first paint and for every query fetching, then for the frame after them', async () => {
    const client = new QueryClient();
    const answerStats = pendingQuery(client, 'stats');
    const answerLatest = pendingQuery(client, 'latest');
    const then = vi.fn();
    afterFirstAnswers(client, then, 3_000);
    await vi.advanceTimersByTimeAsync(100);
    expect(then).not.toHaveBeenCalled();
    answerStats('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(then).not.toHaveBeenCalled();
    answerLatest('b');
    await vi.advanceTimersByTimeAsync(0);
    // Not before the frame that draws the answers has been painted.
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledOnce();
    // Later fetches change nothing.
    pendingQuery(client, 'again')('c');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(then).toHaveBeenCalledOnce();
  });

  it('runs after the first paint when nothing is fetching', async () => {
    const then = vi.fn();
    afterFirstAnswers(new QueryClient(), then, 3_000);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40);
    expect(then).toHaveBeenCalledOnce();
  });

  it('gives up waiting for a stuck answer after maxWaitMs, and never runs once cancelled', async () => {
    const client = new QueryClient();
    pendingQuery(client, 'stuck');
    const then = vi.fn();
    afterFirstAnswers(client, then, 3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = afterFirstAnswers(new QueryClient(), cancelled, 3_000);
    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
