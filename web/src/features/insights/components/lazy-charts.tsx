import { type ComponentType, Suspense, lazy } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAfterFirstContentfulPaint } from '../../../lib/use-after-first-contentful-paint.ts';
import type * as Charts from './charts.tsx';

type ChartsModule = typeof Charts;
/** The charts chunk once it has arrived: later charts render at once, without a frame of skeleton. */
let loadedCharts: ChartsModule | undefined;
const loadCharts = async (): Promise<ChartsModule> => (loadedCharts = await import('./charts.tsx'));

function ChartSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading chart</span>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

/**
 * One chart from the charts chunk. The chunk (recharts, the largest of the app) is asked for once the page has
 * shown its first text, not while it renders: fetched and run first, it held the insights page's first paint back.
 */
function lazyChart<Props extends object>(pick: (charts: ChartsModule) => ComponentType<Props>) {
  const Chart = lazy(async () => ({ default: pick(await loadCharts()) }));
  return function LazyChart(props: Props) {
    const hasPagePainted = useAfterFirstContentfulPaint();
    if (!hasPagePainted && !loadedCharts) return <ChartSkeleton />;
    return (
      <Suspense fallback={<ChartSkeleton />}>
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
