import type { PriceFeedSource } from '@fincrypt/domain';

/** Where a price came from, in words: the upstream feed, the server's simulated feed, or its fixed fallback. */
export function priceSourceText(source: PriceFeedSource): string {
  if (source === 'live') return 'live price feed';
  if (source === 'simulated') return 'simulated prices';
  return 'fallback prices';
}
