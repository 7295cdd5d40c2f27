import { useEffect, useState } from 'react';
import { ApiError } from './api-client.ts';

const TICK_MS = 1000;

/**
 * Whole seconds until a rate-limited request may be made again, counting down each second; 0 when the error
 * is not a 429 with `Retry-After`, or once the wait is over. Forms disable their submit button meanwhile.
 */
export function useRetryWait(error: unknown): number {
  const retryAt = error instanceof ApiError && error.status === 429 ? error.retryAt : undefined;
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === undefined) return;
    setNowMs(Date.now());
    const timer = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= retryAt) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [retryAt]);
  if (retryAt === undefined) return 0;
  return Math.max(0, Math.ceil((retryAt - nowMs) / 1000));
}

/** "0:42", "14:59", "1:02:03". */
export function formatWait(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
