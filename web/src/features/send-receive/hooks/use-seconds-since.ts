import { useEffect, useState } from 'react';

const TICK_MS = 1000;

/** Whole seconds since a moment, re-rendering every second; undefined while there is no moment. */
export function useSecondsSince(sinceMs: number | undefined): number | undefined {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (sinceMs === undefined) return;
    setNowMs(Date.now());
    const timer = setInterval(() => setNowMs(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [sinceMs]);
  if (sinceMs === undefined) return undefined;
  return Math.max(0, Math.floor((nowMs - sinceMs) / 1000));
}
