import { type DisplayCurrency, NETWORKS, NETWORK_IDS, type NetworkId, type VolumeResponse, formatFiat } from '@fincrypt/domain';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { renderAxisTick } from './axis-tick.tsx';
import { HORIZONTAL_GRID_LINES } from './grid-lines.ts';
import { useVolume } from '../api/insights-api.ts';
import { formatCompactFiat, formatCount, formatHour, roundTicks, tickSignificantDigits } from '../format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { QueryError } from './query-error.tsx';
import { SectionCard } from './section-card.tsx';

/** The volume axes show at most this many round ticks from zero. */
const MAX_VOLUME_AXIS_TICKS = 6;

/** Round ticks from zero up to the largest bar; none (the chart's own) when every bar is zero. */
const axisTicksFromZero = (max: number) => (max > 0 ? roundTicks(0, max, MAX_VOLUME_AXIS_TICKS) : []);

const VOLUME_COLOR = '#6366f1';
const TRANSACTIONS_COLOR = '#d97706';
const NETWORK_COLORS: Record<NetworkId, string> = {
  eth_sepolia: '#6366f1',
  polygon_mumbai: '#a855f7',
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
  return `Trading volume in the last 24 hours by network, in 4-hour blocks: ${totals
    .map(({ network, total }) => `${NETWORKS[network].label} ${formatFiat(total, volume.currency)}`)
    .join(', ')}.`;
}

/** Hourly ledger volume (bars, left axis) and transaction count (line, right axis) over the last 24 hours. */
export function VolumeAnalysisChart({ currency }: { currency: DisplayCurrency }) {
  const volume = useVolume(currency);
  const data = volume.data;
  const series = useMemo(
    () => data?.hourly.map((hour) => ({ hour: formatHour(hour.hourStart), volume: hour.volume, transactions: hour.transactions })) ?? [],
    [data],
  );
  const volumeTicks = useMemo(() => axisTicksFromZero(Math.max(0, ...series.map((hour) => hour.volume))), [series]);
  const shownCurrency = data?.currency ?? currency;
  return (
    <SectionCard title="24h Volume Analysis">
      {volume.isError && !data ? (
        <QueryError what="the volume analysis" />
      ) : (
        <ChartFigure isLoading={!data} loadingLabel="Loading the volume analysis" summary={data ? describeHourly(data) : ''}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={series} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid {...HORIZONTAL_GRID_LINES} />
              <XAxis dataKey="hour" interval="preserveStartEnd" minTickGap={12} tick={renderAxisTick} />
              <YAxis
                yAxisId="volume"
                domain={[0, volumeTicks.at(-1) ?? 'auto']}
                ticks={volumeTicks.length > 0 ? volumeTicks : undefined}
                interval={0}
                tickFormatter={(value: number) => formatCompactFiat(value, shownCurrency, tickSignificantDigits(volumeTicks))}
                tick={renderAxisTick}
                width={64}
              />
              <YAxis yAxisId="transactions" orientation="right" allowDecimals={false} tick={renderAxisTick} width={32} />
              <Tooltip
                formatter={(value, name) =>
                  name === 'volume' ? [formatFiat(Number(value), shownCurrency), 'Volume'] : [formatCount(Number(value)), 'Transactions']
                }
                contentStyle={{ borderRadius: 8 }}
              />
              <Bar yAxisId="volume" dataKey="volume" fill={VOLUME_COLOR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
              <Line
                yAxisId="transactions"
                type="monotone"
                dataKey="transactions"
                stroke={TRANSACTIONS_COLOR}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </ChartFigure>
      )}
    </SectionCard>
  );
}

/** The same 24 hours in six 4-hour blocks, stacked by network. */
export function TradingVolumeChart({ currency }: { currency: DisplayCurrency }) {
  const volume = useVolume(currency);
  const data = volume.data;
  const series = useMemo(
    () => data?.byNetwork.map((bucket) => ({ block: formatHour(bucket.start), ...bucket.volumes })) ?? [],
    [data],
  );
  const stackTicks = useMemo(
    () => axisTicksFromZero(Math.max(0, ...(data?.byNetwork ?? []).map((bucket) => NETWORK_IDS.reduce((sum, network) => sum + bucket.volumes[network], 0)))),
    [data],
  );
  const shownCurrency = data?.currency ?? currency;
  return (
    <SectionCard title="24h Trading Volume">
      {volume.isError && !data ? (
        <QueryError what="the trading volume" />
      ) : (
        <ChartFigure isLoading={!data} loadingLabel="Loading the trading volume" summary={data ? describeByNetwork(data) : ''}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid {...HORIZONTAL_GRID_LINES} />
              <XAxis dataKey="block" tick={renderAxisTick} />
              <YAxis
                domain={[0, stackTicks.at(-1) ?? 'auto']}
                ticks={stackTicks.length > 0 ? stackTicks : undefined}
                interval={0}
                tickFormatter={(value: number) => formatCompactFiat(value, shownCurrency, tickSignificantDigits(stackTicks))}
                tick={renderAxisTick}
                width={64}
              />
              <Tooltip
                formatter={(value, name) => [formatFiat(Number(value), shownCurrency), NETWORKS[name as NetworkId]?.label ?? String(name)]}
                contentStyle={{ borderRadius: 8 }}
              />
              <Legend formatter={(name: string) => NETWORKS[name as NetworkId]?.shortName ?? name} wrapperStyle={{ fontSize: 12 }} />
              {NETWORK_IDS.map((network) => (
                <Bar key={network} dataKey={network} stackId="volume" fill={NETWORK_COLORS[network]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartFigure>
      )}
    </SectionCard>
  );
}
