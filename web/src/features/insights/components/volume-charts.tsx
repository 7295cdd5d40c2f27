import { type DisplayCurrency, NETWORKS, NETWORK_IDS, type NetworkId, type VolumeResponse, formatFiat } from '@fincrypt/domain';
import { useMemo } from 'react';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer.ts';
import { useVolume } from '../api/insights-api.ts';
import { formatCompactFiat, formatCount, formatHour, roundTicks, roundTicksFromZero, tickSignificantDigits, topOfTicksFromZero } from '../format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { QueryError } from './query-error.tsx';
import { INSIGHTS_SECTIONS } from '../section-summaries.ts';
import { SectionCard } from './section-card.tsx';
import { CartesianChart, type ValueAxis, type XAxis } from './svg-chart/cartesian-chart.tsx';
import { barPath, monotonePath } from './svg-chart/paths.ts';

/** The volume axes show at most this many round ticks from zero. */
const MAX_VOLUME_AXIS_TICKS = 6;

/** Whole-number ticks from zero for a count: every whole number while they are few, round ones beyond. */
function countTicksFromZero(max: number): number[] {
  if (max < MAX_VOLUME_AXIS_TICKS) return Array.from({ length: Math.max(1, Math.ceil(max)) + 1 }, (_, count) => count);
  return roundTicks(0, max, MAX_VOLUME_AXIS_TICKS);
}

/** A fiat axis from zero up to round ticks above `max`. */
function fiatAxisFromZero(max: number, currency: DisplayCurrency): ValueAxis {
  const ticks = roundTicksFromZero(max, MAX_VOLUME_AXIS_TICKS);
  const digits = tickSignificantDigits(ticks);
  return {
    domain: [0, topOfTicksFromZero(ticks)],
    ticks,
    format: (value) => formatCompactFiat(value, currency, digits),
    width: 64,
  };
}

/** Bars' top corners are rounded by this many pixels. */
const BAR_RADIUS = 3;

const VOLUME_COLOR = '#6366f1';
const TRANSACTIONS_COLOR = '#d97706';
const NETWORK_COLORS: Record<NetworkId, string> = {
  eth_sepolia: '#6366f1',
  polygon_amoy: '#a855f7',
  solana_devnet: '#14b8a6',
};

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

function describeHourly(volume: VolumeResponse): string {
  const transactions = volume.hourly.reduce((sum, hour) => sum + hour.transactions, 0);
  if (transactions === 0) return 'No transactions on the platform in the last 24 hours.';
  const total = volume.hourly.reduce((sum, hour) => sum + hour.volume, 0);
  const busiest = volume.hourly.reduce((best, hour) => (hour.transactions > best.transactions ? hour : best));
  return (
    `Last 24 hours on the platform: ${plural(transactions, 'transaction')} worth ${formatFiat(total, volume.currency)}; ` +
    `busiest hour ${formatHour(busiest.hourStart)} with ${plural(busiest.transactions, 'transaction')}.`
  );
}

function describeByNetwork(volume: VolumeResponse): string {
  const totals = NETWORK_IDS.map((network) => ({
    network,
    total: volume.byNetwork.reduce((sum, bucket) => sum + bucket.volumes[network], 0),
  }));
  if (totals.every(({ total }) => total === 0)) return 'No trading volume in the last 24 hours.';
  return `Trading volume in the last 24 hours by network, hour by hour: ${totals
    .map(({ network, total }) => `${NETWORKS[network].label} ${formatFiat(total, volume.currency)}`)
    .join(', ')}.`;
}

/** Hourly ledger volume (bars, left axis) and transaction count (line, right axis) over the last 24 hours. */
export function VolumeAnalysisChart({ currency }: { currency: DisplayCurrency }) {
  const volume = useVolume(currency);
  const { data } = useDeferredAnswer(volume);
  const series = useMemo(
    () => data?.hourly.map((hour) => ({ hour: formatHour(hour.hourStart), volume: hour.volume, transactions: hour.transactions })) ?? [],
    [data],
  );
  const shownCurrency = data?.currency ?? currency;
  const axes = useMemo(() => {
    const x: XAxis = { kind: 'category', labels: series.map((hour) => hour.hour) };
    const y = fiatAxisFromZero(Math.max(0, ...series.map((hour) => hour.volume)), shownCurrency);
    const countTicks = countTicksFromZero(Math.max(0, ...series.map((hour) => hour.transactions)));
    const y2: ValueAxis = { domain: [0, countTicks.at(-1)!], ticks: countTicks, format: formatCount, width: 32 };
    return { x, y, y2 };
  }, [series, shownCurrency]);
  return (
    <SectionCard title={INSIGHTS_SECTIONS.volumeAnalysis.title} summary={INSIGHTS_SECTIONS.volumeAnalysis.summary}>
      {volume.isError && !data ? (
        <QueryError what="the volume analysis" />
      ) : (
        <ChartFigure isLoading={!data} loadingLabel="Loading the volume analysis" summary={data ? describeHourly(data) : ''}>
          <CartesianChart
            x={axes.x}
            y={axes.y}
            y2={axes.y2}
            margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
            describePoint={(index) => {
              const hour = series[index];
              if (!hour) return undefined;
              return {
                title: hour.hour,
                rows: [
                  { label: 'Volume', value: formatFiat(hour.volume, shownCurrency), color: VOLUME_COLOR },
                  { label: 'Transactions', value: formatCount(hour.transactions), color: TRANSACTIONS_COLOR },
                ],
              };
            }}
          >
            {(plot) => (
              <>
                <g data-series="volume" fill={VOLUME_COLOR}>
                  {series.map((hour, index) => (
                    <path key={hour.hour + String(index)} d={barPath(plot.bands!.barStart(index), plot.y(hour.volume), plot.bands!.barWidth, plot.y(0), BAR_RADIUS)} />
                  ))}
                </g>
                <path
                  data-series="transactions"
                  d={monotonePath(series.map((hour, index) => [plot.x(index), plot.y2(hour.transactions)]))}
                  fill="none"
                  stroke={TRANSACTIONS_COLOR}
                  strokeWidth={2}
                />
              </>
            )}
          </CartesianChart>
        </ChartFigure>
      )}
    </SectionCard>
  );
}

/** The same 24 hours, hour by hour as the volume chart beside it, stacked by network. */
export function TradingVolumeChart({ currency }: { currency: DisplayCurrency }) {
  const volume = useVolume(currency);
  const { data } = useDeferredAnswer(volume);
  const series = useMemo(
    () => data?.byNetwork.map((bucket) => ({ block: formatHour(bucket.start), ...bucket.volumes })) ?? [],
    [data],
  );
  const shownCurrency = data?.currency ?? currency;
  const axes = useMemo(() => {
    const x: XAxis = { kind: 'category', labels: series.map((block) => block.block) };
    const totals = series.map((block) => NETWORK_IDS.reduce((sum, network) => sum + block[network], 0));
    return { x, y: fiatAxisFromZero(Math.max(0, ...totals), shownCurrency) };
  }, [series, shownCurrency]);
  return (
    <SectionCard title={INSIGHTS_SECTIONS.tradingVolume.title} summary={INSIGHTS_SECTIONS.tradingVolume.summary}>
      {volume.isError && !data ? (
        <QueryError what="the trading volume" />
      ) : (
        <ChartFigure isLoading={!data} loadingLabel="Loading the trading volume" summary={data ? describeByNetwork(data) : ''}>
          <CartesianChart
            x={axes.x}
            y={axes.y}
            legend={NETWORK_IDS.map((network) => ({ label: NETWORKS[network].shortName, color: NETWORK_COLORS[network] }))}
            describePoint={(index) => {
              const block = series[index];
              if (!block) return undefined;
              return {
                title: block.block,
                rows: NETWORK_IDS.map((network) => ({ label: NETWORKS[network].label, value: formatFiat(block[network], shownCurrency), color: NETWORK_COLORS[network] })),
              };
            }}
          >
            {(plot) => (
              <g data-series="volume-by-network">
                {series.flatMap((block, index) => {
                  // Each network's bar stands on the ones before it, in the networks' order.
                  let below = 0;
                  return NETWORK_IDS.map((network) => {
                    const base = below;
                    below += block[network];
                    return (
                      <path
                        key={`${index}:${network}`}
                        fill={NETWORK_COLORS[network]}
                        d={barPath(plot.bands!.barStart(index), plot.y(below), plot.bands!.barWidth, plot.y(base), 0)}
                      />
                    );
                  });
                })}
              </g>
            )}
          </CartesianChart>
        </ChartFigure>
      )}
    </SectionCard>
  );
}
