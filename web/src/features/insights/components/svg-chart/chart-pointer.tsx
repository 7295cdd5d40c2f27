import { type PointerEvent, useState } from 'react';
import type { Plot } from './cartesian-chart.tsx';
import { nearestIndex } from './scales.ts';

/** What the tooltip shows for one point or category: a title and a value per series. */
export interface PointDescription {
  title: string;
  rows: readonly { label: string; value: string; color: string }[];
}

/** Space between the cursor and the tooltip. */
const TOOLTIP_OFFSET = 12;

/**
 * The layer over the plot that follows the pointer (a mouse hovering, a finger touching): a cursor at the nearest
 * point, or over the category's band, and a tooltip with its values beside it, on the side with more room. Its own
 * state, so that moving the pointer redraws only this layer, never the chart under it.
 */
export function ChartPointer({
  plot,
  pointsX,
  describePoint,
}: {
  plot: Plot;
  pointsX: readonly number[] | undefined;
  describePoint: (index: number) => PointDescription | undefined;
}) {
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const indexAt = (event: PointerEvent<HTMLDivElement>): number => {
    const position = plot.left + event.clientX - event.currentTarget.getBoundingClientRect().left;
    if (plot.bands) return plot.bands.indexAt(position);
    if (!pointsX || pointsX.length === 0) return -1;
    // The value under the pointer, found by inverting the x scale from two known points.
    const first = pointsX[0]!;
    const last = pointsX.at(-1)!;
    const span = plot.x(last) - plot.x(first);
    const value = span === 0 ? first : first + ((position - plot.x(first)) / span) * (last - first);
    return nearestIndex(pointsX, value);
  };
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const index = indexAt(event);
    setActiveIndex(index < 0 ? null : index);
  };

  const description = activeIndex === null ? undefined : describePoint(activeIndex);
  const cursorX = activeIndex === null ? 0 : plot.bands ? plot.bands.center(activeIndex) : plot.x(pointsX?.[activeIndex] ?? 0);
  const isOnRightHalf = cursorX > (plot.left + plot.right) / 2;
  return (
    <>
      <div
        data-chart-pointer
        className="absolute touch-pan-y"
        style={{ left: plot.left, top: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top }}
        onPointerMove={follow}
        onPointerDown={follow}
        onPointerLeave={() => setActiveIndex(null)}
      />
      {description && activeIndex !== null && (
        <>
          {plot.bands ? (
            <div
              className="pointer-events-none absolute bg-slate-500/10"
              style={{ left: plot.bands.center(activeIndex) - plot.bands.step / 2, top: plot.top, width: plot.bands.step, height: plot.bottom - plot.top }}
            />
          ) : (
            <div className="pointer-events-none absolute w-px bg-slate-400" style={{ left: cursorX, top: plot.top, height: plot.bottom - plot.top }} />
          )}
          <div
            data-chart-tooltip
            className="pointer-events-none absolute z-10 w-max max-w-64 rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            style={{ top: plot.top, ...(isOnRightHalf ? { right: `calc(100% - ${cursorX - TOOLTIP_OFFSET}px)` } : { left: cursorX + TOOLTIP_OFFSET }) }}
          >
            <p className="font-medium">{description.title}</p>
            <ul className="mt-1 space-y-0.5">
              {description.rows.map(({ label, value, color }) => (
                <li key={label} className="flex items-center gap-1.5">
                  <span className="inline-block h-2 w-2 rounded-full" style={{ backgroundColor: color }} />
                  <span>{label}:</span>
                  <span className="font-mono">{value}</span>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </>
  );
}
