/**
 * The insights feature's public API: the market figures, forecasts, protection cards and charts. The charts
 * come from lazy-charts.tsx, which loads their chunk after the first paint: never export ./components/charts.tsx here.
 */
export { insightsKeys } from './api/insights-api.ts';
export { AiMarketAnalysisCard } from './components/ai-market-analysis-card.tsx';
export { AiProtectionCard, FraudAlertsList } from './components/ai-protection.tsx';
export { ForecastCards } from './components/forecast-cards.tsx';
export { MarketDepthChart, PriceAnalysisChart, TradingVolumeChart, VolumeAnalysisChart } from './components/lazy-charts.tsx';
export { LiveBadge } from './components/live-badge.tsx';
export { LivePricesCard, SentimentCard } from './components/market-analysis.tsx';
export { OrderBookTable } from './components/order-book-table.tsx';
export { StatCards } from './components/stat-cards.tsx';
export { WhenNearScreen } from './components/when-near-screen.tsx';
