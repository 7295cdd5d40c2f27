/** A point in pixels: x to the right, y down. */
export type Point = readonly [x: number, y: number];

/** Two decimals are finer than a pixel needs, and keep a path's text short. */
const coordinate = (value: number) => String(Math.round(value * 100) / 100);
const at = ([x, y]: Point) => `${coordinate(x)},${coordinate(y)}`;

/** Straight segments from point to point. */
export function linearPath(points: readonly Point[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${at(point)}`).join('');
}

const sign = (value: number) => (value < 0 ? -1 : 1);

/**
 * The slope of the curve at each point, chosen so that between two points the curve never rises above or falls below
 * both of them (Steffen, "A simple method for monotonic interpolation in one dimension", 1990; d3's monotoneX).
 */
function monotoneTangents(points: readonly Point[]): number[] {
  const count = points.length;
  const secant = (index: number) => (points[index + 1]![1] - points[index]![1]) / (points[index + 1]![0] - points[index]![0] || 1);
  const tangents = Array.from<number>({ length: count }).fill(0);
  for (let index = 1; index < count - 1; index++) {
    const before = points[index]![0] - points[index - 1]![0];
    const after = points[index + 1]![0] - points[index]![0];
    const slopeBefore = secant(index - 1);
    const slopeAfter = secant(index);
    const weighted = (slopeBefore * after + slopeAfter * before) / (before + after || 1);
    tangents[index] =
      (sign(slopeBefore) + sign(slopeAfter)) * Math.min(Math.abs(slopeBefore), Math.abs(slopeAfter), 0.5 * Math.abs(weighted)) || 0;
  }
  // At the ends, the slope that makes the end segment a parabola through the neighbour's tangent.
  if (count > 2) {
    tangents[0] = (3 * secant(0) - tangents[1]!) / 2;
    tangents[count - 1] = (3 * secant(count - 2) - tangents[count - 2]!) / 2;
  }
  return tangents;
}

/** One cubic Bézier segment: from its start, pulled towards two control points, to its end. */
export type CubicSegment = readonly [start: Point, control1: Point, control2: Point, end: Point];

/** The segments of a smooth curve through the points, in order of x, that never overshoots between them. */
export function monotoneSegments(points: readonly Point[]): CubicSegment[] {
  const tangents = monotoneTangents(points);
  return points.slice(1).map((end, index) => {
    const start = points[index]!;
    const third = (end[0] - start[0]) / 3;
    return [start, [start[0] + third, start[1] + third * tangents[index]!], [end[0] - third, end[1] - third * tangents[index + 1]!], end];
  });
}

/** The monotone curve through the points as a path; two points make a straight line. */
export function monotonePath(points: readonly Point[]): string {
  if (points.length < 3) return linearPath(points);
  return `M${at(points[0]!)}${monotoneSegments(points)
    .map(([, control1, control2, end]) => `C${at(control1)} ${at(control2)} ${at(end)}`)
    .join('')}`;
}

/**
 * Steps through the points. `after`: each value holds until the next point's x, then the line jumps. `before`: the
 * line jumps at each point's x to its value, held back from the previous point.
 */
export function stepPath(points: readonly Point[], hold: 'after' | 'before'): string {
  return points
    .map((point, index) => {
      if (index === 0) return `M${at(point)}`;
      const previous = points[index - 1]!;
      const corner: Point = hold === 'after' ? [point[0], previous[1]] : [previous[0], point[1]];
      return `L${at(corner)}L${at(point)}`;
    })
    .join('');
}

/** The region between a line (its path starting at the first point) and a horizontal baseline, closed. */
export function areaUnder(linePath: string, points: readonly Point[], baseline: number): string {
  if (points.length === 0) return '';
  return `${linePath}L${at([points.at(-1)![0], baseline])}L${at([points[0]![0], baseline])}Z`;
}

/** A bar standing on its base, its top corners rounded by up to `radius` (less for a thin or short bar). */
export function barPath(x: number, top: number, width: number, base: number, radius: number): string {
  const height = base - top;
  if (width <= 0 || height <= 0) return '';
  const r = Math.max(0, Math.min(radius, width / 2, height));
  if (r === 0) return `M${at([x, base])}V${coordinate(top)}H${coordinate(x + width)}V${coordinate(base)}Z`;
  return (
    `M${at([x, base])}V${coordinate(top + r)}` +
    `A${coordinate(r)},${coordinate(r)} 0 0 1 ${at([x + r, top])}H${coordinate(x + width - r)}` +
    `A${coordinate(r)},${coordinate(r)} 0 0 1 ${at([x + width, top + r])}V${coordinate(base)}Z`
  );
}
