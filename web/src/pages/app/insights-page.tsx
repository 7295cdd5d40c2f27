import type { MarketTokenId } from '@fincrypt/domain';
import { useState } from 'react';
import {
  AiProtectionCard,
  ForecastCards,
  FraudAlertsList,
  LiveBadge,
  LivePricesCard,
  MarketDepthChart,
  OrderBookTable,
  PriceAnalysisChart,
  SentimentCard,
  StatCards,
  TradingVolumeChart,
  VolumeAnalysisChart,
  WhenNearScreen,
} from '../../features/insights/index.ts';
import { useCurrencyStore } from '../../features/preferences/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * AI Market Insights. The charts are loaded by this page only, in a chunk of their own, so no other page
 * carries them and the figures here show before the charts arrive. The sections below a phone's first screen ask
 * for their data and render as the reader scrolls towards them. The coin chosen for Price Analysis also drives
 * Market Depth and the Order Book.
 */
export default function InsightsPage() {
  usePageTitle('AI Market Insights');
  const currency = useCurrencyStore((state) => state.currency);
  const [token, setToken] = useState<MarketTokenId>('ethereum');

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">AI Market Insights</h1>
        <LiveBadge />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <StatCards currency={currency} />

          <section aria-labelledby="market-analysis-heading" className="space-y-4">
            <h2 id="market-analysis-heading" className="text-xl font-semibold">
              Market Analysis
            </h2>
            <div className="grid gap-6 md:grid-cols-2">
              <SentimentCard />
              <LivePricesCard currency={currency} />
            </div>
          </section>

          <PriceAnalysisChart token={token} onTokenChange={setToken} currency={currency} />
          <MarketDepthChart token={token} currency={currency} />
          <WhenNearScreen label="Loading the order book" placeholderClassName="h-[52rem] lg:h-[29rem]" section="orderBook">
            <OrderBookTable token={token} currency={currency} />
          </WhenNearScreen>
          <div className="grid gap-6 xl:grid-cols-2">
            <VolumeAnalysisChart currency={currency} />
            <TradingVolumeChart currency={currency} />
          </div>
          <WhenNearScreen label="Loading the forecasts" placeholderClassName="h-[57rem] md:h-[25rem]" section="forecast">
            <ForecastCards currency={currency} />
          </WhenNearScreen>
        </div>

        <div className="min-w-0 space-y-6">
          <WhenNearScreen label="Loading the protection score" placeholderClassName="h-96" section="protection">
            <AiProtectionCard />
          </WhenNearScreen>
          <WhenNearScreen label="Loading the fraud alerts" placeholderClassName="h-48" section="fraudAlerts">
            <FraudAlertsList />
          </WhenNearScreen>
        </div>
      </div>
    </div>
  );
}
