/**
 * Each Insights section's heading and one-line summary: shown in the first render, before a section asks for its data
 * or draws (its placeholder carries them), and kept above its content once drawn, so find-in-page and a screen
 * reader's list of headings find every section at once.
 */
export const INSIGHTS_SECTIONS = {
  priceAnalysis: { title: 'Price Analysis', summary: 'The coin’s price over 7 to 90 days, with its 7- and 30-day moving averages.' },
  marketDepth: { title: 'Market Depth', summary: 'Buy and sell orders stacked by price on either side of the current one.' },
  orderBook: { title: 'Order Book', summary: 'The ten best bids and asks for the coin chosen in Price Analysis.' },
  volumeAnalysis: { title: '24h Volume Analysis', summary: 'What FinCrypt users sent in the last 24 hours, hour by hour.' },
  tradingVolume: { title: '24h Trading Volume', summary: 'The same 24 hours, hour by hour, stacked by network.' },
  forecast: { title: 'Exchange Rate Forecast', summary: 'Each coin’s expected rate in 24 hours, 7 and 30 days, with how sure the model is.' },
  protection: { title: 'AI Protection', summary: 'How well your recent payments are covered by the fraud checks.' },
  fraudAlerts: { title: 'Fraud Alerts', summary: 'The latest alerts the fraud checks raised on your payments.' },
} as const;

export type InsightsSection = keyof typeof INSIGHTS_SECTIONS;
