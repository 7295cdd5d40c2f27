import { FALLBACK_PRICES, getNetwork, type NetworkId } from '@fincrypt/domain';

export interface UsdPrice {
  usd: number;
  source: 'live' | 'fallback';
}

/** Price of one coin in US dollars for fee estimates. No price feed runs yet: the spec's fallback prices, said as such. */
export type UsdPriceSource = (network: NetworkId) => UsdPrice;

export const fallbackUsdPrice: UsdPriceSource = (network) => ({
  usd: FALLBACK_PRICES[getNetwork(network).priceTokenId].prices.usd,
  source: 'fallback',
});
