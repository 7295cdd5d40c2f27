import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandScale, estimateLabelWidth, linearScale, nearestIndex, spacedLabels } from './scales.ts';

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included (a y axis grows upwards)', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(25)).toBe(150);
  });

  it('puts every value of a flat domain in the middle of the range', () => {
    expect(linearScale([5, 5], [0, 80])(5)).toBe(40);
  });
});

describe('bandScale', () => {
  it('splits the range into equal bands with each bar centred in its band', () => {
    const bands = bandScale(4, [0, 400]);
    expect(bands.step).toBe(100);
    expect(bands.barWidth).toBeCloseTo(80);
    expect(bands.barStart(1)).toBeCloseTo(110);
    expect(bands.center(1)).toBe(150);
  });

  it('finds the band under a position, clamped to the ends', () => {
    const bands = bandScale(4, [10, 410]);
    expect(bands.indexAt(10)).toBe(0);
    expect(bands.indexAt(109.9)).toBe(0);
    expect(bands.indexAt(110)).toBe(1);
    expect(bands.indexAt(-50)).toBe(0);
    expect(bands.indexAt(1_000)).toBe(3);
  });
});

describe('nearestIndex', () => {
  it('is -1 for no values', () => {
    expect(nearestIndex([], 3)).toBe(-1);
  });

  it('gives a repeated nearest value its first index, below, between and above the values', () => {
    expect(nearestIndex([5, 5], 10)).toBe(0);
    expect(nearestIndex([3, 3, 10], 4)).toBe(0);
    expect(nearestIndex([1, 7, 7, 7], 6)).toBe(1);
    expect(nearestIndex([2, 2, 9], 0)).toBe(0);
    expect(nearestIndex([1, 3], 2)).toBe(0);
  });

  it('finds the nearest of ascending values, as a scan of all of them would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000, max: 1_000 }), { minLength: 1, maxLength: 50 }), fc.integer({ min: -1_200, max: 1_200 }), (values, target) => {
        const sorted = [...values].sort((a, b) => a - b);
        const index = nearestIndex(sorted, target);
        const best = Math.min(...sorted.map((value) => Math.abs(value - target)));
        expect(Math.abs(sorted[index]! - target)).toBe(best);
        // Ties go to the earlier value.
        expect(sorted.findIndex((value) => Math.abs(value - target) === best)).toBe(index);
      }),
    );
  });
});

describe('spacedLabels', () => {
  const ticksAt = (positions: readonly number[]) => positions.map((position) => ({ position, label: `Nov ${position}` }));

  it('keeps every label when they fit', () => {
    expect(spacedLabels(ticksAt([50, 150, 250]), 300, 8).map(({ label }) => label)).toEqual(['Nov 50', 'Nov 150', 'Nov 250']);
  });

  it('always keeps the first and last, and leaves out those that would crowd a shown neighbour', () => {
    const shown = spacedLabels(ticksAt([20, 40, 60, 80, 100, 120, 140, 160, 180, 200]), 220, 8);
    expect(shown[0]!.position).toBe(20);
    expect(shown.at(-1)!.position).toBe(200);
    expect(shown.length).toBeLessThan(10);
  });

  it('never lets two shown labels overlap, and keeps each inside the drawing', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 600 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 100, max: 600 }),
        (positions, width) => {
          const shown = spacedLabels(ticksAt([...positions].sort((a, b) => a - b)), width, 8);
          for (const { center, label } of shown) {
            const half = estimateLabelWidth(label) / 2;
            if (half * 2 <= width) {
              expect(center - half).toBeGreaterThanOrEqual(0);
              expect(center + half).toBeLessThanOrEqual(width);
            }
          }
          for (let index = 1; index < shown.length; index++) {
            const previous = shown[index - 1]!;
            const current = shown[index]!;
            expect(current.center - estimateLabelWidth(current.label) / 2).toBeGreaterThanOrEqual(previous.center + estimateLabelWidth(previous.label) / 2 + 8);
          }
        },
      ),
    );
  });
});
