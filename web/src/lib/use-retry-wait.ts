import { ApiError } from './api-client.ts';
import { useSecondsUntil } from './use-seconds-until.ts';

/**
 * Whole seconds until a rate-limited request may be made again, counting down each second; 0 when the error
 * is not a 429 with `Retry-After`, or once the wait is over. Forms disable their submit button meanwhile.
 */
export function useRetryWait(error: unknown): number {
  const retryAt = error instanceof ApiError && error.status === 429 ? error.retryAt : undefined;
  return useSecondsUntil(retryAt) ?? 0;
}

/** "0:42", "14:59", "1:02:03": a wait or a countdown. */
export function formatWait(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
