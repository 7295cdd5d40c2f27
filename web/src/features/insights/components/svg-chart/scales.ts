/** A closed interval [from, to]: a domain of values or a range of pixels. */
export type Interval = readonly [from: number, to: number];

/** Maps the domain linearly onto the range; a flat domain maps every value to the range's middle. */
export function linearScale([domainFrom, domainTo]: Interval, [rangeFrom, rangeTo]: Interval): (value: number) => number {
  const span = domainTo - domainFrom;
  if (span === 0) return () => (rangeFrom + rangeTo) / 2;
  const pixelsPerUnit = (rangeTo - rangeFrom) / span;
  return (value) => rangeFrom + (value - domainFrom) * pixelsPerUnit;
}

/** `count` categories side by side, each in a band of equal width with its bar in the middle. */
export interface BandScale {
  count: number;
  /** One band's width, bar and gaps together. */
  step: number;
  /** Where the `index`-th bar starts, and how wide bars are. */
  barStart: (index: number) => number;
  barWidth: number;
  /** The middle of the `index`-th band: where its label and its point on a line go. */
  center: (index: number) => number;
  /** The band under a pixel position, clamped to the first and the last. */
  indexAt: (position: number) => number;
}

/** A bar fills its band but for this share of the band left empty on each side (a 10% category gap, as charting libraries have it). */
export const BAR_GAP_SHARE = 0.1;

export function bandScale(count: number, [rangeFrom, rangeTo]: Interval): BandScale {
  const step = count > 0 ? (rangeTo - rangeFrom) / count : 0;
  return {
    count,
    step,
    barStart: (index) => rangeFrom + index * step + step * BAR_GAP_SHARE,
    barWidth: step * (1 - 2 * BAR_GAP_SHARE),
    center: (index) => rangeFrom + (index + 0.5) * step,
    indexAt: (position) => (step > 0 ? Math.min(count - 1, Math.max(0, Math.floor((position - rangeFrom) / step))) : 0),
  };
}

/** The index of the first of ascending `values` at or above `target`; `values.length` when every one is below it. */
function firstAtOrAbove(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the value nearest to `target` in ascending `values`; -1 for none. Ties go to the earlier value. */
export function nearestIndex(values: readonly number[], target: number): number {
  if (values.length === 0) return -1;
  const above = firstAtOrAbove(values, target);
  // The value before `above` may be nearer; it may also repeat, and its first occurrence is the earliest.
  if (above === values.length || (above > 0 && target - values[above - 1]! <= values[above]! - target)) {
    return firstAtOrAbove(values, values[above - 1]!);
  }
  return above;
}

/** An axis label's width, estimated: 12 px text is about 7 px a character, digits and capitals included. */
export const LABEL_CHARACTER_WIDTH = 7;

export const estimateLabelWidth = (label: string) => label.length * LABEL_CHARACTER_WIDTH;

export interface PlacedLabel {
  /** Where the tick is. */
  position: number;
  /** Where the label's middle is: the tick's position, moved inwards where the label would leave the drawing. */
  center: number;
  label: string;
}

/**
 * The x-axis labels that fit side by side with at least `minGap` pixels between them, the first and the last always
 * shown (a reader wants the ends of the range), each kept inside [0, width]. Labels that would crowd a shown
 * neighbour are left out, in order from the start.
 */
export function spacedLabels(ticks: readonly { position: number; label: string }[], width: number, minGap: number): PlacedLabel[] {
  const placed = ticks.map(({ position, label }) => {
    const half = estimateLabelWidth(label) / 2;
    return { position, label, center: Math.min(Math.max(position, half), Math.max(half, width - half)), half };
  });
  if (placed.length <= 1) return placed.map(({ half: _half, ...label }) => label);
  const last = placed.at(-1)!;
  const shown = [placed[0]!];
  for (const candidate of placed.slice(1, -1)) {
    const previous = shown.at(-1)!;
    const clearOfPrevious = candidate.center - candidate.half >= previous.center + previous.half + minGap;
    const clearOfLast = candidate.center + candidate.half + minGap <= last.center - last.half;
    if (clearOfPrevious && clearOfLast) shown.push(candidate);
  }
  const previous = shown.at(-1)!;
  // Only two labels and no room for both: the start of the range is the one kept.
  if (last.center - last.half >= previous.center + previous.half + minGap) shown.push(last);
  return shown.map(({ half: _half, ...label }) => label);
}
