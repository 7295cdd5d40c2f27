/** The prices feature's public API: live prices, price history and the home page's ticker. */
export { usePriceHistory } from './api/get-price-history.ts';
export { type CoinPrice, PRICE_REFRESH_MS, type PricesResponse, getPrices, pricesQueryKey, usePrices } from './api/get-prices.ts';
export { PriceTicker } from './components/price-ticker.tsx';
