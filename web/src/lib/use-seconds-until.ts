import { useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Whole seconds left until `untilMs` (rounded up, never below 0), re-rendering as they pass; undefined without a
 * moment. The countdowns of a quote's expiry and of a rate limit's wait both read it.
 */
export function useSecondsUntil(untilMs: number | undefined): number | undefined {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (untilMs === undefined) return;
    setNowMs(Date.now());
    // A quarter-second tick: the display changes within 250 ms of each second, and stops at zero.
    const timer = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= untilMs) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [untilMs]);
  if (untilMs === undefined) return undefined;
  return secondsLeft(untilMs, nowMs);
}

export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}
