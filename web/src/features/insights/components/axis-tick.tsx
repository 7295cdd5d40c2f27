import type { SVGProps } from 'react';

/** What recharts hands an axis's `tick` renderer: the fields this one reads. */
export interface AxisTickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: SVGProps<SVGTextElement>['textAnchor'];
  verticalAnchor?: 'start' | 'middle' | 'end';
  payload?: { value?: string | number };
  index?: number;
  tickFormatter?: (value: never, index: number) => string;
  className?: string;
}

/** How far a one-line label moves down from its anchor point, as recharts' own <Text> places it (cap height 0.71em). */
const DY_BY_VERTICAL_ANCHOR = { start: '0.71em', middle: '0.355em', end: '0em' } as const;

/**
 * An axis label as one plain SVG <text>, in the text colour at 12 px. recharts' own <Text> is handed the axis's width,
 * so it measures every word of every label in the DOM, to wrap lines that an axis label never has: on Insights that
 * measuring was a tenth of the charts' time while the page loads.
 */
export function renderAxisTick({ x, y, textAnchor, verticalAnchor = 'end', payload, index = 0, tickFormatter, className }: AxisTickProps) {
  const value = payload?.value;
  const label = tickFormatter ? tickFormatter(value as never, index) : String(value ?? '');
  return (
    <text x={x} y={y} dy={DY_BY_VERTICAL_ANCHOR[verticalAnchor]} textAnchor={textAnchor} fill="currentColor" fontSize={12} className={className}>
      {label}
    </text>
  );
}
