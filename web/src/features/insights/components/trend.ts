/** Up, down or flat, and their colours (docs/product.md#insights): green up, red down. */
export type TrendDirection = 'up' | 'down' | 'flat';

export function directionOf(change: number): TrendDirection {
  if (!Number.isFinite(change) || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}

export const TREND_TEXT_CLASS: Record<TrendDirection, string> = {
  up: 'text-green-700 dark:text-green-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-slate-600 dark:text-slate-300',
};

export const TREND_ARROW: Record<TrendDirection, string> = { up: '▲', down: '▼', flat: '■' };
