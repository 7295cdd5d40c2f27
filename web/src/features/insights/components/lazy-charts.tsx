import { type ComponentType, type Ref, Suspense, lazy, useRef } from 'react';
import { useAfterFirstContentfulPaint } from '../../../lib/use-after-first-contentful-paint.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import type * as Charts from './charts.tsx';
import type { InsightsSection } from '../section-summaries.ts';
import { NEAR_SCREEN_MARGIN, SectionPlaceholder } from './when-near-screen.tsx';

type ChartsModule = typeof Charts;
/** The charts chunk once it has arrived: later charts render at once, without a frame of skeleton. */
let loadedCharts: ChartsModule | undefined;
const loadCharts = async (): Promise<ChartsModule> => (loadedCharts = await import('./charts.tsx'));

/** A chart's card before it draws: its heading and summary over a block of the card's height. */
function ChartSkeleton({ ref, section }: { ref?: Ref<HTMLElement>; section: InsightsSection }) {
  return <SectionPlaceholder ref={ref} label="Loading chart" className="h-[28rem]" section={section} />;
}

/**
 * One chart from the charts chunk. The chunk is asked for once the page has shown its first text, not while it
 * renders: when it held a chart library (recharts, 120 KB), fetched and run first, it held the first paint back.
 * A chart also waits until its place comes near the screen: the charts below the fold are work a phone need not do
 * before the reader scrolls to any of them.
 */
function lazyChart<Props extends object>(section: InsightsSection, pick: (charts: ChartsModule) => ComponentType<Props>) {
  const Chart = lazy(async () => ({ default: pick(await loadCharts()) }));
  return function LazyChart(props: Props) {
    const hasPagePainted = useAfterFirstContentfulPaint();
    const place = useRef<HTMLElement>(null);
    const isNearScreen = useNearViewport(place, NEAR_SCREEN_MARGIN);
    if (!isNearScreen || (!hasPagePainted && !loadedCharts)) return <ChartSkeleton ref={place} section={section} />;
    return (
      <Suspense fallback={<ChartSkeleton section={section} />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

/*
 * The insights page's charts, loaded lazily in a chunk of their own, so no page that does not show a chart carries
 * them and the insights page's figures show before the charts arrive.
 */
export const PriceAnalysisChart = lazyChart('priceAnalysis', (charts) => charts.PriceAnalysisChart);
export const MarketDepthChart = lazyChart('marketDepth', (charts) => charts.MarketDepthChart);
export const VolumeAnalysisChart = lazyChart('volumeAnalysis', (charts) => charts.VolumeAnalysisChart);
export const TradingVolumeChart = lazyChart('tradingVolume', (charts) => charts.TradingVolumeChart);
