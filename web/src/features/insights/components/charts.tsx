/** Every chart of the insights page, drawn as SVG (./svg-chart): the page loads this module lazily, as one chunk. */
export { MarketDepthChart } from './market-depth-chart.tsx';
export { PriceAnalysisChart } from './price-analysis-chart.tsx';
export { TradingVolumeChart, VolumeAnalysisChart } from './volume-charts.tsx';
