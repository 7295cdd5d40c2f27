import { getNetwork, type NetworkId, type PriceFeedSource } from '@fincrypt/domain';
import type { PriceService } from '../prices/price-service.ts';

export interface UsdPrice {
  usd: number;
  /** Where the figure came from: the upstream feed, the simulated feed, or the fixed fallback (docs/product.md#prices). */
  source: PriceFeedSource;
}

/** Price of one coin in US dollars for fee estimates. */
export type UsdPriceSource = (network: NetworkId) => UsdPrice;

/**
 * The USD price /api/prices serves, from the price service's cache: a quote never waits for the upstream
 * (an expired cache is refreshed in the background), and says where its price came from.
 */
export function usdPriceFrom(prices: Pick<PriceService, 'snapshotAtHand'>): UsdPriceSource {
  return (network) => {
    const coin = prices.snapshotAtHand().prices[getNetwork(network).priceTokenId];
    return { usd: coin.prices.usd, source: coin.figureSources.usd };
  };
}
