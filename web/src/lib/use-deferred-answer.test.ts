import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredAnswer } from './use-deferred-answer.ts';

type Query = { data: string[] | undefined; isError: boolean };

function renderAnswer(initial: Query) {
  const seen: { data: string[] | undefined; isWaiting: boolean }[] = [];
  const hook = renderHook(
    (query: Query) => {
      const answer = useDeferredAnswer(query);
      seen.push(answer);
      return answer;
    },
    { initialProps: initial },
  );
  return { ...hook, seen };
}

describe('useDeferredAnswer', () => {
  it('waits while there is no answer, and shows a failure without data as not waiting', () => {
    expect(renderAnswer({ data: undefined, isError: false }).result.current).toEqual({ data: undefined, isWaiting: true });
    expect(renderAnswer({ data: undefined, isError: true }).result.current).toEqual({ data: undefined, isWaiting: false });
  });

  it('renders an answer already there at once', () => {
    const { seen } = renderAnswer({ data: ['a'], isError: false });
    expect(seen.every((answer) => !answer.isWaiting && answer.data?.[0] === 'a')).toBe(true);
  });

  it('first renders an arriving answer as still waiting, then renders it in a render of its own', async () => {
    const { rerender, result, seen } = renderAnswer({ data: undefined, isError: false });
    const before = seen.length;
    const answer = ['a', 'b'];
    await act(() => Promise.resolve(rerender({ data: answer, isError: false })));
    const after = seen.slice(before);
    expect(after[0]).toEqual({ data: undefined, isWaiting: true });
    expect(result.current).toEqual({ data: answer, isWaiting: false });
  });

  it('never shows the answer about one thing once it is asked about another, not even for the first render', async () => {
    const seen: (string[] | undefined)[] = [];
    const initialProps: { query: Query; answerFor: string } = { query: { data: ['first'], isError: false }, answerFor: 'a' };
    const { rerender, result } = renderHook(
      ({ query, answerFor }: { query: Query; answerFor: string }) => {
        const answer = useDeferredAnswer(query, answerFor);
        seen.push(answer.data);
        return answer;
      },
      { initialProps },
    );
    const before = seen.length;
    await act(() => Promise.resolve(rerender({ query: { data: undefined, isError: false }, answerFor: 'b' })));
    expect(seen.slice(before).every((data) => data === undefined)).toBe(true);
    expect(result.current).toEqual({ data: undefined, isWaiting: true });
    const second = ['second'];
    await act(() => Promise.resolve(rerender({ query: { data: second, isError: false }, answerFor: 'b' })));
    expect(result.current).toEqual({ data: second, isWaiting: false });
  });
});
