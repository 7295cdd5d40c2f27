import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CubicSegment, type Point, areaUnder, barPath, linearPath, monotonePath, monotoneSegments, stepPath } from './paths.ts';

/** The point at t (0–1) along a cubic Bézier segment. */
function pointOn([start, control1, control2, end]: CubicSegment, t: number): Point {
  const u = 1 - t;
  const mix = (axis: 0 | 1) => u * u * u * start[axis] + 3 * u * u * t * control1[axis] + 3 * u * t * t * control2[axis] + t * t * t * end[axis];
  return [mix(0), mix(1)];
}

describe('linearPath and stepPath', () => {
  const points: Point[] = [
    [0, 10],
    [10, 20],
    [20, 5],
  ];

  it('joins the points with straight segments, rounded to hundredths', () => {
    expect(linearPath(points)).toBe('M0,10L10,20L20,5');
    expect(linearPath([[1.23456, 2.5]])).toBe('M1.23,2.5');
  });

  it('holds each value until the next point (after) or from the previous one (before)', () => {
    expect(stepPath(points, 'after')).toBe('M0,10L10,10L10,20L20,20L20,5');
    expect(stepPath(points, 'before')).toBe('M0,10L0,20L10,20L10,5L20,5');
  });

  it('closes an area down to its baseline', () => {
    expect(areaUnder(linearPath(points), points, 30)).toBe('M0,10L10,20L20,5L20,30L0,30Z');
    expect(areaUnder('', [], 30)).toBe('');
  });
});

describe('monotonePath', () => {
  it('passes through every point, and is a straight line for two', () => {
    expect(monotonePath([[0, 0], [10, 10]])).toBe('M0,0L10,10');
    const path = monotonePath([[0, 0], [10, 10], [20, 0], [30, 5]]);
    expect(path.startsWith('M0,0C')).toBe(true);
    for (const end of ['10,10', '20,0', '30,5']) expect(path).toContain(` ${end}`);
  });

  it('never rises above or falls below both ends of a segment, nor goes back in x', () => {
    const series = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: -500, max: 500 })), { minLength: 3, maxLength: 40 })
      .map((steps) => {
        let x = 0;
        return steps.map(([dx, y]): Point => [(x += dx), y]);
      });
    fc.assert(
      fc.property(series, (points) => {
        for (const segment of monotoneSegments(points)) {
          const [start, , , end] = segment;
          const low = Math.min(start[1], end[1]) - 1e-6;
          const high = Math.max(start[1], end[1]) + 1e-6;
          let previousX = start[0];
          for (let step = 1; step <= 20; step++) {
            const [x, y] = pointOn(segment, step / 20);
            expect(y).toBeGreaterThanOrEqual(low);
            expect(y).toBeLessThanOrEqual(high);
            expect(x).toBeGreaterThanOrEqual(previousX - 1e-6);
            previousX = x;
          }
        }
      }),
    );
  });
});

describe('barPath', () => {
  it('rounds the top corners only, by no more than half the width or the height', () => {
    expect(barPath(10, 20, 10, 100, 3)).toBe('M10,100V23A3,3 0 0 1 13,20H17A3,3 0 0 1 20,23V100Z');
    expect(barPath(10, 98, 10, 100, 3)).toContain('A2,2');
    expect(barPath(10, 20, 10, 100, 0)).toBe('M10,100V20H20V100Z');
  });

  it('draws nothing for a bar of no height or width', () => {
    expect(barPath(10, 100, 10, 100, 3)).toBe('');
    expect(barPath(10, 20, 0, 100, 3)).toBe('');
  });
});
