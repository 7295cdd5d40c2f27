import { type ChangeDirection, changeDirection } from '@fincrypt/domain';

/** Up, down or flat, and their colours (docs/product.md#insights): green up, red down, grey flat. */
export type TrendDirection = ChangeDirection;

/**
 * Where a change points as shown with `places` decimals: the arrow, colour and sign come from the same
 * rounded value as the digits, so a change that shows as zero is flat.
 */
export function directionOf(change: number, places: number): TrendDirection {
  return changeDirection(change, places);
}

export const TREND_TEXT_CLASS: Record<TrendDirection, string> = {
  up: 'text-green-700 dark:text-green-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-slate-600 dark:text-slate-300',
};

export const TREND_ARROW: Record<TrendDirection, string> = { up: '▲', down: '▼', flat: '■' };
