import { type ComponentType, Suspense, lazy } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type * as Charts from './charts.tsx';

type ChartsModule = typeof Charts;
const loadCharts = (): Promise<ChartsModule> => import('./charts.tsx');

/** One chart from the charts chunk, which starts loading with the page that shows it and arrives after the figures. */
function lazyChart<Props extends object>(pick: (charts: ChartsModule) => ComponentType<Props>) {
  const Chart = lazy(async () => ({ default: pick(await loadCharts()) }));
  return function LazyChart(props: Props) {
    return (
      <Suspense
        fallback={
          <div role="status">
            <span className="sr-only">Loading chart</span>
            <Skeleton className="h-80 rounded-xl" />
          </div>
        }
      >
        <Chart {...props} />
      </Suspense>
    );
  };
}

/*
 * The charts that draw with recharts. The chart library is loaded lazily, in a chunk of its own, so no page
 * that does not show a chart carries it and the insights page's figures show before the charts arrive.
 */
export const PriceAnalysisChart = lazyChart((charts) => charts.PriceAnalysisChart);
export const MarketDepthChart = lazyChart((charts) => charts.MarketDepthChart);
export const VolumeAnalysisChart = lazyChart((charts) => charts.VolumeAnalysisChart);
export const TradingVolumeChart = lazyChart((charts) => charts.TradingVolumeChart);
