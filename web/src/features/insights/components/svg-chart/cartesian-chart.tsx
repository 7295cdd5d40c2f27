import { type ReactNode, useRef } from 'react';
import { useElementSize } from '../../../../lib/use-element-size.ts';
import { ChartPointer, type PointDescription } from './chart-pointer.tsx';
import { type BandScale, type Interval, bandScale, linearScale, spacedLabels } from './scales.ts';

/** A value axis: where its range starts and ends, its round ticks, how a tick reads, and the width its labels get. */
export interface ValueAxis {
  domain: Interval;
  ticks: readonly number[];
  format: (value: number) => string;
  width: number;
}

/** The x axis: numbers along a line (prices, times) or categories side by side (hours, blocks). */
export type XAxis =
  | { kind: 'number'; domain: Interval; ticks: readonly number[]; format: (value: number) => string }
  | { kind: 'category'; labels: readonly string[] };

/** Where the series draw, in pixels of the SVG, and the scales that place them. */
export interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** A number axis's value, or a category's index (its band's middle), to x. */
  x: (value: number) => number;
  /** The category axis's bands; absent on a number axis. */
  bands: BandScale | undefined;
  /** The left axis's value to y. */
  y: (value: number) => number;
  /** The right axis's value to y, when there is one. */
  y2: (value: number) => number;
}

export interface LegendItem {
  label: string;
  color: string;
}

export interface ChartMargin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The x axis's band under the plot: tick marks, then labels. */
const X_AXIS_HEIGHT = 30;
const TICK_LENGTH = 6;
/** Space between a tick mark's end and its label. */
const LABEL_OFFSET = 2;
/** The fewest pixels between two x-axis labels. */
const MIN_LABEL_GAP = 10;
const AXIS_STYLE = { stroke: 'currentColor', strokeOpacity: 0.45 } as const;
const GRID_STYLE = { stroke: 'currentColor', strokeOpacity: 0.15 } as const;
const LABEL_STYLE = { fill: 'currentColor', fontSize: 12 } as const;
const DEFAULT_MARGIN: ChartMargin = { top: 8, right: 12, bottom: 0, left: 0 };

function plotOf(width: number, height: number, margin: ChartMargin, x: XAxis, y: ValueAxis, y2: ValueAxis | undefined): Plot {
  const left = margin.left + y.width;
  const right = Math.max(left + 1, width - margin.right - (y2?.width ?? 0));
  const top = margin.top;
  const bottom = Math.max(top + 1, height - margin.bottom - X_AXIS_HEIGHT);
  const bands = x.kind === 'category' ? bandScale(x.labels.length, [left, right]) : undefined;
  const xScale = x.kind === 'number' ? linearScale(x.domain, [left, right]) : bands!.center;
  const yScale = linearScale(y.domain, [bottom, top]);
  return {
    left,
    right,
    top,
    bottom,
    x: xScale,
    bands,
    y: yScale,
    y2: y2 ? linearScale(y2.domain, [bottom, top]) : yScale,
  };
}

function XAxisLine({ axis, plot, width }: { axis: XAxis; plot: Plot; width: number }) {
  const ticks = axis.kind === 'number' ? axis.ticks.map((value) => ({ position: plot.x(value), label: axis.format(value) })) : axis.labels.map((label, index) => ({ position: plot.x(index), label }));
  const labels = spacedLabels(ticks, width, MIN_LABEL_GAP);
  const labelY = plot.bottom + TICK_LENGTH + LABEL_OFFSET;
  return (
    <g data-axis="x">
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} {...AXIS_STYLE} />
      {labels.map(({ position, center, label }) => (
        <g key={`${position}:${label}`} data-tick>
          <line x1={position} x2={position} y1={plot.bottom} y2={plot.bottom + TICK_LENGTH} {...AXIS_STYLE} />
          <text x={center} y={labelY} dy="0.71em" textAnchor="middle" {...LABEL_STYLE}>
            {label}
          </text>
        </g>
      ))}
    </g>
  );
}

function YAxisLine({ axis, side, plot, scale }: { axis: ValueAxis; side: 'left' | 'right'; plot: Plot; scale: (value: number) => number }) {
  const edge = side === 'left' ? plot.left : plot.right;
  const outwards = side === 'left' ? -1 : 1;
  return (
    <g data-axis={side}>
      <line x1={edge} x2={edge} y1={plot.top} y2={plot.bottom} {...AXIS_STYLE} />
      {axis.ticks.map((value) => (
        <g key={value} data-tick>
          <line x1={edge} x2={edge + outwards * TICK_LENGTH} y1={scale(value)} y2={scale(value)} {...AXIS_STYLE} />
          <text
            x={edge + outwards * (TICK_LENGTH + LABEL_OFFSET)}
            y={scale(value)}
            dy="0.355em"
            textAnchor={side === 'left' ? 'end' : 'start'}
            {...LABEL_STYLE}
          >
            {axis.format(value)}
          </text>
        </g>
      ))}
    </g>
  );
}

/**
 * A chart on a grid of x and y axes, drawn as one plain SVG sized to its box: faint horizontal lines at the left
 * axis's ticks, the series the caller draws on the plot, the axes, an optional legend, and a tooltip that follows the
 * pointer. Everything is laid out here in one render from the data, with no measuring of text: the chart library
 * this replaces drew each chart in one task of 330–600 ms on a phone (docs/benchmarks-history.md).
 */
export function CartesianChart({
  x,
  y,
  y2,
  margin = DEFAULT_MARGIN,
  pointsX,
  describePoint,
  legend,
  children,
}: {
  x: XAxis;
  y: ValueAxis;
  y2?: ValueAxis;
  margin?: ChartMargin;
  /** On a number axis: the points' x values, ascending, that the tooltip snaps to. */
  pointsX?: readonly number[];
  /** What the tooltip says about the point (or category) at an index. */
  describePoint: (index: number) => PointDescription | undefined;
  legend?: readonly LegendItem[];
  children: (plot: Plot) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(box);
  const plot = plotOf(width, height, margin, x, y, y2);
  const isSized = width > 0 && height > 0;
  return (
    <div className="flex h-full w-full flex-col">
      <div ref={box} className="relative min-h-0 flex-1">
        {isSized && (
          <>
            <svg width={width} height={height} className="absolute inset-0 block">
              <g data-grid>
                {y.ticks.map((value) => (
                  <line key={value} x1={plot.left} x2={plot.right} y1={plot.y(value)} y2={plot.y(value)} {...GRID_STYLE} />
                ))}
              </g>
              {children(plot)}
              <XAxisLine axis={x} plot={plot} width={width} />
              <YAxisLine axis={y} side="left" plot={plot} scale={plot.y} />
              {y2 && <YAxisLine axis={y2} side="right" plot={plot} scale={plot.y2} />}
            </svg>
            <ChartPointer plot={plot} pointsX={pointsX} describePoint={describePoint} />
          </>
        )}
      </div>
      {legend && (
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs" data-legend>
          {legend.map(({ label, color }) => (
            <li key={label} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: color }} />
              {label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
